import { describe, expect, it } from 'vitest';
import { BASE_NAMESPACES, i18n, NAMESPACES, normalizeLanguage, SUPPORTED_LANGUAGES } from './index';

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

/** Every text of a catalog with its dotted key. */
function flattenEntries(value: unknown, prefix = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[prefix, value]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flattenEntries(child, prefix ? `${prefix}.${key}` : key),
  );
}

function flattenKeys(value: unknown): string[] {
  return flattenEntries(value).map(([key]) => key);
}

describe('translation catalogs', () => {
  const namespaces = Object.keys(resources.en ?? {});

  const translations = SUPPORTED_LANGUAGES.filter((language) => language !== 'en');

  it('has a catalog folder for every language the product speaks, with the same namespaces', () => {
    expect(namespaces.length).toBeGreaterThan(0);
    expect(Object.keys(resources).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    for (const language of translations) expect(Object.keys(resources[language] ?? {}).sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('namespace %s has the same keys in every language, none empty', (namespace) => {
    const en = flattenKeys(resources.en![namespace]).sort();
    for (const language of translations)
      expect({ language, keys: flattenKeys(resources[language]![namespace]).sort() }).toEqual({ language, keys: en });
    for (const language of SUPPORTED_LANGUAGES) {
      const values = JSON.stringify(resources[language]![namespace]);
      expect(values).not.toMatch(/"\s*"/);
    }
  });

  /** The values i18next fills in ({{name}}) and the tags <Trans> maps (<0>…</0>): a translation keeps every one. */
  it.each(namespaces)('namespace %s keeps every placeholder and tag of the English text in every language', (namespace) => {
    const marks = (text: unknown) => [...String(text).matchAll(/\{\{[^}]+\}\}|\$t\([^)]*\)|<\/?\d+\/?>/g)].map((m) => m[0]).sort();
    const english = new Map(flattenEntries(resources.en![namespace]));
    const differing: string[] = [];
    for (const language of translations) {
      for (const [key, text] of flattenEntries(resources[language]![namespace])) {
        if (JSON.stringify(marks(text)) !== JSON.stringify(marks(english.get(key)))) differing.push(`${language}:${key}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it('knows every namespace the app has (the routes name them, the browser loads them one by one)', () => {
    expect([...NAMESPACES].sort()).toEqual([...namespaces].sort());
    expect(NAMESPACES).toEqual(expect.arrayContaining([...BASE_NAMESPACES]));
  });

  it('serves each language and namespace from its own catalog file', () => {
    for (const language of SUPPORTED_LANGUAGES) {
      for (const namespace of NAMESPACES) expect(i18n.getResourceBundle(language, namespace)).toEqual(resources[language]![namespace]);
    }
  });

  it('maps Norwegian browser languages to bokmål, Swedish and Danish to theirs, and everything else to English', () => {
    expect(normalizeLanguage('nb-NO')).toBe('nb');
    expect(normalizeLanguage('nn')).toBe('nb');
    expect(normalizeLanguage('no')).toBe('nb');
    expect(normalizeLanguage('sv-SE')).toBe('sv');
    expect(normalizeLanguage('sv-FI')).toBe('sv');
    expect(normalizeLanguage('da-DK')).toBe('da');
    expect(normalizeLanguage('fi-FI')).toBe('en');
    expect(normalizeLanguage(undefined)).toBe('en');
  });

  it('asks for every plural text with its count (i18next picks _one or _other by `count`; without it the key itself shows)', () => {
    const plurals = new Set(
      Object.values(resources.en!).flatMap((catalog) =>
        flattenKeys(catalog).flatMap((key) => {
          const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
          return match ? [match[1]!] : [];
        }),
      ),
    );
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
      eager: true,
      query: '?raw',
      import: 'default',
    });
    const missing: string[] = [];
    for (const [path, source] of Object.entries(sources)) {
      for (const call of source.matchAll(/\bt\(\s*'([^']+)'\s*(?:,\s*\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\})?\s*\)/g)) {
        const key = call[1]!.split(':').at(-1)!;
        if (plurals.has(key) && !/\bcount\b/.test(call[2] ?? '')) missing.push(`${path}: ${key}`);
      }
    }
    expect(plurals.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
