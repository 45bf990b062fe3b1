import type { Language } from '@core/contracts';

/** Where the public site's links go (the route table, the landing page's links and the footer's). */
export const SITE_LINKS = {
  landing: '/landing',
  auth: '/auth',
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
 * The product's languages (LANGUAGES in core/contracts; web/site/i18n.test.ts holds this to it),
 * written out so the site's islands do not load the contracts (and zod) to know them.
 */
export const SITE_LANGUAGES = ['en', 'nb', 'sv', 'da'] as const satisfies readonly Language[];
