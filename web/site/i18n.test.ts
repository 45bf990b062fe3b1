import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@core/contracts';
import { createSiteI18n, SITE_LANGUAGES } from './i18n';

/** The public site's catalogs (landing, public), which the app's i18n (and its catalog test) leaves out. */
function flattenKeys(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => flattenKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('public site catalogs', () => {
  const bundles = Object.fromEntries(SITE_LANGUAGES.map((language) => [language, createSiteI18n(language)]));

  it('is rendered in every language the app speaks', () => {
    expect([...SITE_LANGUAGES]).toEqual([...LANGUAGES]);
  });

  it.each(['landing', 'public'])('namespace %s has the same keys in every language, none empty', (namespace) => {
    const en = flattenKeys(bundles.en!.getResourceBundle('en', namespace)).sort();
    expect(en.length).toBeGreaterThan(50);
    for (const language of SITE_LANGUAGES) {
      expect({ language, keys: flattenKeys(bundles[language]!.getResourceBundle(language, namespace)).sort() }).toEqual({
        language,
        keys: en,
      });
    }
    for (const language of SITE_LANGUAGES) {
      expect(JSON.stringify(bundles[language]!.getResourceBundle(language, namespace))).not.toMatch(/"\s*"/);
    }
  });

  it('plans differ only by team size and price: every card says every feature is included (core/billing)', () => {
    for (const language of SITE_LANGUAGES) {
      const t = bundles[language]!.getFixedT(language, 'landing');
      const features = (plan: string) => t(`pricing.${plan}.features`, { returnObjects: true, max: 5, proMin: 6, proMax: 19 }) as string[];
      expect(features('pro').join(' ')).toMatch(/\b6\b.*\b19\b/);
      expect(features('free').join(' ')).toMatch(/\b5\b/);
      for (const plan of ['free', 'pro', 'enterprise']) expect(features(plan).length).toBe(3);
      // No tier gates features the product does not gate (decision 007: price by member count only).
      expect(JSON.stringify(t('pricing', { returnObjects: true }))).not.toMatch(
        /Everything in|Alt i|Priority support|Prioritert|PostgreSQL/,
      );
    }
  });

  it('the FAQ says what exists today: Export buttons and Settings → Exports (Excel and CSV), tokens for the API, data where the installation’s server is', () => {
    const en = bundles.en!.getFixedT('en', 'landing');
    expect(en('faq.items.export.a')).toMatch(
      /^Yes\. Every report page .* has an Export button, and Settings → Exports takes any date range/,
    );
    expect(en('faq.items.export.a')).toMatch(
      /Excel files .* CSV \(with semicolons for Norwegian Excel\).*personal access tokens.*REST API/,
    );
    expect(en('faq.items.data.a')).toMatch(/^Where your installation's server is\./);
    const nb = bundles.nb!.getFixedT('nb', 'landing');
    expect(nb('faq.items.export.a')).toMatch(/^Ja\. Hver rapportside .* har en Eksporter-knapp/);
    expect(nb('faq.items.data.a')).toMatch(/^Der installasjonens server står\./);
    // The claims strip keeps its agreed wording (decision 011).
    expect(en('claims.export')).toBe('Export to CSV, Excel or API');
    expect(en('claims.norway')).toBe('Data stored in Norway');
  });

  it('renders the English hero and the brand', () => {
    expect(bundles.en!.t('landing:hero.title')).toBe('KPI & Sales Tracking in minutes');
    expect(bundles.nb!.t('landing:hero.lead')).toMatch(/^Dealboard /);
  });
});
