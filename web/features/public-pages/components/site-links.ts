import type { Language } from '@core/contracts';

/** Where the public site's links go (the route table, the landing page's links and the footer's). */
export const SITE_LINKS = {
  landing: '/landing',
  auth: '/auth',
  /** Where every "Sign up" and "Start free" leads: the join form, not the sign-in one. */
  signUp: '/auth/register',
  app: '/app',
  register: (plan: 'free' | 'pro') => `/auth/register?plan=${plan}`,
  contact: '/contact',
  apiDocs: '/api/docs',
  openApi: '/api/openapi.json',
  health: '/api/health',
} as const;

/** The footer's columns, in order: /features … /security. */
export const FOOTER_COLUMNS = [
  { key: 'product', links: ['features', 'pricing', 'demo', 'api'] },
  { key: 'resources', links: ['help', 'docs', 'contact', 'status'] },
  { key: 'legal', links: ['privacy', 'terms', 'gdpr', 'security'] },
] as const;

/**
 * The product's languages (LANGUAGES in core/language; web/site/i18n.test.ts holds this to it),
 * written out: an island loads no module it would share with the app (the landing journey checks it).
 */
export const SITE_LANGUAGES = ['en', 'nb', 'sv', 'da'] as const satisfies readonly Language[];
