import { describe, expect, it } from 'vitest';
import enApp from './catalogs/en-app';
import enSignedOut from './catalogs/en-signed-out';
import nbApp from './catalogs/nb-app';
import nbSignedOut from './catalogs/nb-signed-out';
import { APP_NAMESPACES, normalizeLanguage, SIGNED_OUT_NAMESPACES } from './index';

/** Every namespace file of the app (not the public site's landing and public), by language. */
const files = import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/*/{landing,public}.json'], { eager: true, import: 'default' });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, catalog] of Object.entries(files)) {
  const [, language, namespace] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
  (resources[language!] ??= {})[namespace!] = catalog;
}

function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flattenKeys(child, prefix ? `${prefix}.${key}` : key),
  );
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

  it('loads every namespace in one of the two groups, each language in chunks of its own', () => {
    expect([...SIGNED_OUT_NAMESPACES, ...APP_NAMESPACES].sort()).toEqual([...namespaces].sort());
    expect(Object.keys(enSignedOut).sort()).toEqual([...SIGNED_OUT_NAMESPACES].sort());
    expect(Object.keys(nbSignedOut).sort()).toEqual([...SIGNED_OUT_NAMESPACES].sort());
    expect(Object.keys(enApp).sort()).toEqual([...APP_NAMESPACES].sort());
    expect(Object.keys(nbApp).sort()).toEqual([...APP_NAMESPACES].sort());
    expect(enApp.settings).toEqual(resources.en!.settings);
    expect(nbSignedOut.auth).toEqual(resources.nb!.auth);
  });

  it('maps Norwegian browser languages to bokmål and everything else to English', () => {
    expect(normalizeLanguage('nb-NO')).toBe('nb');
    expect(normalizeLanguage('nn')).toBe('nb');
    expect(normalizeLanguage('no')).toBe('nb');
    expect(normalizeLanguage('sv-SE')).toBe('en');
    expect(normalizeLanguage(undefined)).toBe('en');
  });
});
