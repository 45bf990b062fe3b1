import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import { SITE_LANGUAGES } from '@web/features/public-pages/components/site-links';

/** The public site's languages: the app's (English, Norwegian bokmål, Swedish, Danish). */
export { SITE_LANGUAGES };
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/**
 * The namespaces the public site renders from (web/i18n/locales/{en,nb,sv,da}/*.json): the site's own,
 * and the app's auth and common for the pre-rendered sign-in page.
 */
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../i18n/locales/*/{landing,public,auth,common}.json', {
  eager: true,
});
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, module] of Object.entries(modules)) {
  const [, language, namespace] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
  if (language && namespace) (resources[language] ??= {})[namespace] = module.default;
}

/** One i18next instance per rendered language (build time only: none of this reaches the browser). */
export function createSiteI18n(language: SiteLanguage): I18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    ns: ['landing', 'public', 'auth', 'common'],
    defaultNS: 'public',
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false, defaultVariables: { brand: 'Dealboard' } },
  });
  return instance;
}
