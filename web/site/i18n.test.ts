import { describe, expect, it } from 'vitest';
import { createSiteI18n, SITE_LANGUAGES } from './i18n';

/** The public site's catalogs (landing, public), which the app's i18n (and its catalog test) leaves out. */
function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('public site catalogs', () => {
  const bundles = Object.fromEntries(SITE_LANGUAGES.map((language) => [language, createSiteI18n(language)]));

  it.each(['landing', 'public'])('namespace %s has the same keys in English and Norwegian, none empty', (namespace) => {
    const en = flattenKeys(bundles.en!.getResourceBundle('en', namespace)).sort();
    const nb = flattenKeys(bundles.nb!.getResourceBundle('nb', namespace)).sort();
    expect(en.length).toBeGreaterThan(50);
    expect(nb).toEqual(en);
    for (const language of SITE_LANGUAGES) {
      expect(JSON.stringify(bundles[language]!.getResourceBundle(language, namespace))).not.toMatch(/"\s*"/);
    }
  });

  it('renders the spec’s English hero and the brand', () => {
    expect(bundles.en!.t('landing:hero.title')).toBe('KPI & Sales Tracking in minutes');
    expect(bundles.nb!.t('landing:hero.lead')).toMatch(/^Dealboard /);
  });
});
