import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { matchLanguage } from '@core/language';
import { getBrandName } from '@web/lib/brand';

export const SUPPORTED_LANGUAGES = ['en', 'nb'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'dealboard.lang';

/*
 * One JSON file per feature namespace and language: locales/{en,nb}/{namespace}.json.
 * English users see English everywhere, Norwegian users Norwegian everywhere; the spec's Norwegian
 * strings are the nb texts. catalogs.test.ts fails when a key exists in one language only.
 */
// landing and public are the pre-rendered public site's (web/site/i18n.ts, docs/decisions/010): the app never
// shows them, so it does not carry them (about 24 KB gzipped). web/site/i18n.test.ts checks their keys.
const modules = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*/*.json', '!./locales/*/{landing,public}.json'], {
  eager: true,
});

export const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, module] of Object.entries(modules)) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language, namespace] = match as unknown as [string, string, string];
  (resources[language] ??= {})[namespace] = module.default;
}

/** Norwegian browsers report nb, nn or no; all get bokmål. Anything else gets English. */
export function normalizeLanguage(code: string | undefined | null): Language {
  return matchLanguage(code, SUPPORTED_LANGUAGES) ?? 'en';
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    fallbackLng: 'en',
    supportedLngs: [...SUPPORTED_LANGUAGES],
    defaultNS: 'common',
    ns: Object.keys(resources.en ?? {}),
    interpolation: { escapeValue: false, defaultVariables: { brand: getBrandName() } },
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      caches: ['localStorage'],
      convertDetectedLanguage: (lng: string) => normalizeLanguage(lng),
    },
    returnNull: false,
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng === 'nb' ? 'nb' : 'en';
});
document.documentElement.lang = normalizeLanguage(i18n.language);

export function changeLanguage(language: Language): Promise<unknown> {
  return i18n.changeLanguage(language);
}

/** The locale for Intl formatting of numbers, money and dates. */
export function getIntlLocale(language: string = i18n.language): string {
  return normalizeLanguage(language) === 'nb' ? 'nb-NO' : 'en-GB';
}

export { i18n };
