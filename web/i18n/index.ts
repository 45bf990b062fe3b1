import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { matchLanguage } from '@core/language';
import { getBrandName } from '@web/lib/brand';
import { importOrReload } from '@web/lib/lazy-import';
import type { Catalog } from './catalogs/to-namespaces';

export const SUPPORTED_LANGUAGES = ['en', 'nb'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'dealboard.lang';

/*
 * One JSON file per feature namespace and language: locales/{en,nb}/{namespace}.json.
 * English users see English everywhere, Norwegian users Norwegian everywhere; the spec's Norwegian
 * strings are the nb texts. catalogs.test.ts fails when a key exists in one language only.
 *
 * The browser loads only the language on the screen, in two chunks (decision 026): the signed-out
 * screens' namespaces first (/auth, /join, the reset and invitation pages: about 5 KB gzipped), and
 * every other namespace of the app before any signed-in screen renders (routes load them with their
 * code, see app/router.tsx). A namespace that is not loaded yet suspends the component that asks
 * for it (react-i18next) rather than showing keys. landing and public are the pre-rendered public
 * site's (web/site/i18n.ts, decision 010): the app never shows them.
 */
export const SIGNED_OUT_NAMESPACES = ['common', 'auth', 'invitations'] as const;
export const APP_NAMESPACES = ['activity', 'audit', 'inbox', 'privacy', 'scoreboard', 'settings', 'wrapup'] as const;
export type CatalogGroup = 'signedOut' | 'app';

type CatalogModule = { default: Record<string, Catalog> };
// Literal imports, one per language and group, so each becomes its own chunk.
const CATALOG_LOADERS: Record<Language, Record<CatalogGroup, () => Promise<CatalogModule>>> = {
  en: { signedOut: () => import('./catalogs/en-signed-out'), app: () => import('./catalogs/en-app') },
  nb: { signedOut: () => import('./catalogs/nb-signed-out'), app: () => import('./catalogs/nb-app') },
};

const catalogGroupOf = (namespace: string): CatalogGroup => ((SIGNED_OUT_NAMESPACES as readonly string[]).includes(namespace) ? 'signedOut' : 'app');

const loadingCatalogs = new Map<string, Promise<Record<string, Catalog>>>();

function loadCatalogGroup(language: Language, group: CatalogGroup): Promise<Record<string, Catalog>> {
  const key = `${language}|${group}`;
  let loading = loadingCatalogs.get(key);
  if (!loading) {
    // A chunk that is gone after a deploy reloads the page once (lib/lazy-import.ts).
    loading = importOrReload(CATALOG_LOADERS[language][group]).then((module) => module.default);
    loading.catch(() => loadingCatalogs.delete(key));
    loadingCatalogs.set(key, loading);
  }
  return loading;
}

/** i18next asks per language and namespace; each answer comes from its (cached) group chunk. */
const catalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const supported = matchLanguage(language, SUPPORTED_LANGUAGES);
    if (!supported) return callback(null, {});
    loadCatalogGroup(supported, catalogGroupOf(namespace)).then(
      (catalogs) => callback(null, catalogs[namespace] ?? {}),
      (error: Error) => callback(error, false),
    );
  },
};

/** Norwegian browsers report nb, nn or no; all get bokmål. Anything else gets English. */
export function normalizeLanguage(code: string | undefined | null): Language {
  return matchLanguage(code, SUPPORTED_LANGUAGES) ?? 'en';
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked: the browser's language decides
  }
}

/**
 * The language this browser chose before (saved on every change), else the browser's first
 * language: Norwegian reads bokmål, anything else English. (What i18next-browser-languagedetector
 * did with order localStorage, navigator; these few lines keep its 2 KB out of the first load.)
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => normalizeLanguage(readStoredLanguage() ?? navigator.languages?.[0] ?? navigator.language),
  cacheUserLanguage: (language) => {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, normalizeLanguage(language));
    } catch {
      // storage blocked: the choice holds for this page only
    }
  },
};

/** Resolves when the screen's language and the signed-out namespaces are loaded: render after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(catalogBackend)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    // Only the language on the screen is loaded: no fallback language (catalogs.test.ts keeps
    // both complete), so a Norwegian screen does not download the English texts as well.
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    defaultNS: 'common',
    ns: [...SIGNED_OUT_NAMESPACES],
    interpolation: { escapeValue: false, defaultVariables: { brand: getBrandName() } },
    returnNull: false,
  });

/**
 * Loads a group of namespaces in the screen's language (and, once asked for, in every language the
 * person switches to: i18next remembers the namespaces). Routes call it with their code.
 */
export function loadCatalogs(group: CatalogGroup): Promise<void> {
  return i18n.loadNamespaces(group === 'app' ? [...APP_NAMESPACES] : [...SIGNED_OUT_NAMESPACES]);
}

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
