import i18n, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTL_LOCALES, LANGUAGES, matchLanguage } from '@core/language';
import { START_FRAME_LANGUAGE_ATTRIBUTE } from '@core/start-snapshot';
import { getBrandName } from '@web/lib/brand';
import { switchFieldMessages } from '@web/lib/field-messages';
import { importOrReload } from '@web/lib/lazy-import';

export const SUPPORTED_LANGUAGES = LANGUAGES;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
/** Each language by its own name, as a person looks for it in a list. */
export const LANGUAGE_NAMES = { en: 'English', nb: 'Norsk (bokmål)', sv: 'Svenska', da: 'Dansk' } as const satisfies Record<
  Language,
  string
>;
export const LANGUAGE_STORAGE_KEY = 'dealboard.lang';

/*
 * One JSON file per feature namespace and language: locales/{en,nb,sv,da}/{namespace}.json.
 * Each person sees their language everywhere; the product's Norwegian strings are the nb texts
 * (Swedish and Danish: decision 080). catalogs.test.ts fails when a key exists in one language only.
 *
 * The browser loads only the language on the screen, and of it only the namespaces the screen
 * uses (decision 026): common and auth at start (the guards, the AuthProvider and the shared
 * components speak them), the rest with the route that needs them (app/router.tsx declares them,
 * router-namespaces.test.ts checks the declarations against the code). A namespace that is not
 * loaded yet suspends the component asking for it (react-i18next) rather than showing keys.
 * landing and public are the pre-rendered public site's (web/site/i18n.ts, decision 010).
 */
export const NAMESPACES = [
  'common',
  'auth',
  'invitations',
  'activity',
  'audit',
  'coaching',
  'connections',
  'contests',
  'data',
  'imports',
  'inbox',
  'people',
  'privacy',
  'scoreboard',
  'settings',
  'targets',
  'webhooks',
  'wrapup',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** Loaded before the first render, whatever the screen. */
export const BASE_NAMESPACES = ['common', 'auth'] as const satisfies readonly Namespace[];

// One chunk per language and namespace (a few KB each), fetched on demand.
const CATALOGS = import.meta.glob<Record<string, unknown>>(['./locales/*/*.json', '!./locales/*/{landing,public}.json'], {
  import: 'default',
});

/** i18next asks per language and namespace; each answer is its own small chunk. */
const catalogBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = CATALOGS[`./locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    // A chunk that is gone after a deploy reloads the page once (lib/lazy-import.ts).
    importOrReload(load).then(
      (catalog) => callback(null, catalog),
      (error: Error) => callback(error, false),
    );
  },
};

/** Norwegian browsers report nb, nn or no; all get bokmål. Swedish and Danish get theirs; anything else English. */
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
 * The language of the first frame the server sent this page (decision 092) when the member chose it
 * (saved in Settings, or picked on the public site): the app starts in it rather than draw the screen
 * again in another. A frame in the browser's language names none: this browser's own choice then
 * comes first, as on any page.
 */
const FIRST_FRAME_LANGUAGE: string | null = document.getElementById('root')?.getAttribute(START_FRAME_LANGUAGE_ATTRIBUTE) ?? null;

/**
 * The language the member chose, named by the server's first frame, else the one this browser chose before (saved on every change), else the browser's first
 * language: Norwegian reads bokmål, Swedish and Danish their own, anything else English. (What i18next-browser-languagedetector
 * did with order localStorage, navigator; these few lines keep its 2 KB out of the first load.)
 */
function detectLanguage(): Language {
  return normalizeLanguage(FIRST_FRAME_LANGUAGE ?? readStoredLanguage() ?? navigator.languages?.[0] ?? navigator.language);
}

const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => detectLanguage(),
  cacheUserLanguage: (language) => {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, normalizeLanguage(language));
    } catch {
      // storage blocked: the choice holds for this page only
    }
  },
};

/** Resolves when the screen's language and the base namespaces are loaded: render after it. */
export const i18nReady: Promise<unknown> = i18n
  .use(catalogBackend)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    // Only the language on the screen is loaded: no fallback language (catalogs.test.ts keeps
    // every language complete), so a Norwegian screen does not download the English texts as well.
    fallbackLng: false,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    defaultNS: 'common',
    ns: [...BASE_NAMESPACES],
    interpolation: { escapeValue: false, defaultVariables: { brand: getBrandName() } },
    returnNull: false,
  });

/**
 * Loads these namespaces in the screen's language (and, once asked for, in every language the
 * person switches to: i18next remembers them). Routes call it with their code.
 */
export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return namespaces.length ? i18n.loadNamespaces([...namespaces]) : Promise.resolve();
}

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = normalizeLanguage(lng);
  // Field refusals follow the screen's language (decision 083).
  void switchFieldMessages(normalizeLanguage(lng));
});
// i18next detects the language once it has started (a moment later): until then the page says the
// language it will speak, not English.
const startingLanguage = i18n.language ? normalizeLanguage(i18n.language) : detectLanguage();
document.documentElement.lang = startingLanguage;
void switchFieldMessages(startingLanguage);

export function changeLanguage(language: Language): Promise<unknown> {
  // The field refusals' table loads beside the catalogs, so a form's errors switch with the screen.
  return Promise.all([switchFieldMessages(language), i18n.changeLanguage(language)]);
}

/** The locale for Intl formatting of numbers, money and dates. */
export function getIntlLocale(language: string = i18n.language): string {
  return INTL_LOCALES[normalizeLanguage(language)];
}

export { i18n };
