import { describe, expect, it } from 'vitest';
import { BASE_NAMESPACES, i18n, NAMESPACES, normalizeLanguage } from './index';

/** Every namespace file of the app (not the public site's landing and public), by language. */
const files = import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/*/{landing,public}.json'], {
  eager: true,
  import: 'default',
});
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, catalog] of Object.entries(files)) {
  const [, language, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
  (resources[language!] ??= {})[namespace!] = catalog;
}

function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('translation catalogs', () => {
  const namespaces = Object.keys(resources.en ?? {});

  it('has the same namespaces in English and Norwegian', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    expect(Object.keys(resources.nb ?? {}).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('namespace %s has the same keys in both languages, none empty', (namespace) => {
    const en = flattenKeys(resources.en![namespace]).sort();
    const nb = flattenKeys(resources.nb![namespace]).sort();
    expect(nb).toEqual(en);
    for (const language of ['en', 'nb']) {
      const values = JSON.stringify(resources[language]![namespace]);
      expect(values).not.toMatch(/"\s*"/);
    }
  });

  it('knows every namespace the app has (the routes name them, the browser loads them one by one)', () => {
    expect([...NAMESPACES].sort()).toEqual([...namespaces].sort());
    expect(NAMESPACES).toEqual(expect.arrayContaining([...BASE_NAMESPACES]));
  });

  it('serves each language and namespace from its own catalog file', () => {
    for (const language of ['en', 'nb']) {
      for (const namespace of NAMESPACES) expect(i18n.getResourceBundle(language, namespace)).toEqual(resources[language]![namespace]);
    }
  });

  it('maps Norwegian browser languages to bokmål and everything else to English', () => {
    expect(normalizeLanguage('nb-NO')).toBe('nb');
    expect(normalizeLanguage('nn')).toBe('nb');
    expect(normalizeLanguage('no')).toBe('nb');
    expect(normalizeLanguage('sv-SE')).toBe('en');
    expect(normalizeLanguage(undefined)).toBe('en');
  });
});
