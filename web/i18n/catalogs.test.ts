import { describe, expect, it } from 'vitest';
import { normalizeLanguage, resources } from './index';

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

  it('maps Norwegian browser languages to bokmål and everything else to English', () => {
    expect(normalizeLanguage('nb-NO')).toBe('nb');
    expect(normalizeLanguage('nn')).toBe('nb');
    expect(normalizeLanguage('no')).toBe('nb');
    expect(normalizeLanguage('sv-SE')).toBe('en');
    expect(normalizeLanguage(undefined)).toBe('en');
  });
});
