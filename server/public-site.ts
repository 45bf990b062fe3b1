import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { getCookie, setCookie } from 'hono/cookie';
import type { AppEnv } from './context';
// Relative, not @core: vite.config.ts loads this file through the public-site plugin, without aliases.
import { negotiateLanguage } from '../core/language';
import { CONTACT_FIELDS } from '../core/contracts/contact';
import { NEXT_PARAM, toInAppPath } from '../core/navigation/in-app-path';
import { escapeHtml } from './lib/escape-html';

/*
 * The public site: the landing page, /contact, the footer pages and /api/docs, pre-rendered at
 * build time to <dist>/site/<language>/<page>.html (scripts/public-site/vite-plugin.ts). This
 * serves them with the visitor's language: ?lang= (remembered in a cookie), else the cookie, else
 * Accept-Language. See docs/decisions/010-public-site-prerendered.md.
 */

export const SITE_LANGUAGE_COOKIE = 'dealboard.lang';
const DEFAULT_LANGUAGE = 'en';
/** The name the pages are rendered with; BRAND_NAME replaces it when it differs. */
const RENDERED_BRAND = 'Dealboard';

type SiteManifest = { languages: string[]; routes: { path: string; page: string }[] };

/** The pre-rendered sign-in page (decision 029): its file name in the manifest. */
const SIGN_IN_PAGE = 'auth';
const CONTACT_PAGE = 'contact';
/** The contact form's fields (core/contracts/contact.ts), with the hidden one only bots fill in. */
const CONTACT_FORM_FIELDS = new Set([...CONTACT_FIELDS, 'website']);

export function negotiateSiteLanguage(
  input: { query?: string | null; cookie?: string | null; acceptLanguage?: string | null },
  languages: readonly string[],
): string {
  const fallback = languages.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (languages[0] ?? DEFAULT_LANGUAGE);
  return negotiateLanguage({ explicit: [input.query, input.cookie], acceptLanguage: input.acceptLanguage }, languages, fallback);
}

/**
 * BRAND_NAME, and the absolute canonical and per-language alternate links (they need the public
 * URL). The canonical is the address asked for: /page when the language was negotiated (the
 * x-default), /page?lang=xx when it was chosen.
 */
export function personalizeSitePage(
  html: string,
  input: { brand: string; origin: string; path: string; language: string; languages: readonly string[]; explicit: boolean },
): string {
  const page = `${input.origin}${input.path}`;
  const links = [
    `<link rel="canonical" href="${escapeHtml(input.explicit ? `${page}?lang=${input.language}` : page)}">`,
    ...input.languages.map((l) => `<link rel="alternate" hreflang="${l}" href="${escapeHtml(`${page}?lang=${l}`)}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(page)}">`,
  ].join('');
  const branded = input.brand === RENDERED_BRAND ? html : html.replaceAll(RENDERED_BRAND, escapeHtml(input.brand));
  return branded.replace('</head>', `${links}</head>`);
}

/**
 * Where /auth sends a visitor instead of showing the sign-in form, or null to show it: a signed-in
 * person goes on to the invitation they came with, else the page a guard sent them away from
 * (`?next=`, the app's own signed-in screens only), else the dashboard; an old join link
 * (`?mode=join`) goes to the join form with the rest of its query.
 */
export function redirectFromSignIn(query: URLSearchParams, signedIn: boolean, origin: string): string | null {
  if (query.get('mode') === 'join') {
    const rest = new URLSearchParams(query);
    rest.delete('mode');
    const search = rest.toString();
    return `/auth/register${search ? `?${search}` : ''}`;
  }
  if (!signedIn) return null;
  const invite = query.get('invite');
  if (invite) return `/invite/${encodeURIComponent(invite)}`;
  return toInAppPath(query.get(NEXT_PARAM), origin) ?? '/app';
}

/** Sends the contact form's fields as `POST /api/v1/contact` does; that endpoint's answer. */
export type SubmitContactForm = (c: Context<AppEnv>, fields: Record<string, string>) => Promise<Response>;

/** Signs in with an e-mail address and password as `POST /api/auth/sign-in/email` does; better-auth's answer. */
export type SignInWithPassword = (c: Context<AppEnv>, credentials: { email: string; password: string }) => Promise<Response>;

/**
 * The sign-in page sent back after a refused form: the address typed stays in its field (the
 * password, as on any sign-in page, does not), and better-auth's answer goes along as data for the
 * page's script to say in the page's language, as it says the answers it gets itself.
 */
export function withSignInRefusal(html: string, email: string, refusal: { status: number; body: unknown }): string {
  return withFormAnswer(html.replace('id="email"', `id="email" value="${escapeHtml(email)}"`), 'data-sign-in-refusal', refusal);
}

/** A pre-rendered page with an answer as JSON data (`<script type="application/json" {attribute}>`) for its script to show. */
export function withFormAnswer(html: string, attribute: string, answer: unknown): string {
  const data = JSON.stringify(answer).replaceAll('<', '\\u003c');
  return html.replace('</body>', `<script type="application/json" ${attribute}>${data}</script></body>`);
}

/**
 * The site's header is rendered with both the visitor's links (`data-session="signed-out"`) and the
 * member's "Open the app" (`data-session="signed-in"`, hidden): a signed-in person gets the copy
 * with the two swapped (decision 057), so the page stays pre-rendered and nothing flickers.
 */
export function showSignedInChrome(html: string): string {
  return html
    .replaceAll('data-session="signed-in" hidden=""', 'data-session="signed-in"')
    .replaceAll('data-session="signed-out"', 'data-session="signed-out" hidden=""');
}

/**
 * Registers the pre-rendered pages (before the /api/* catch-all, since /api/docs is one of them),
 * /robots.txt and /sitemap.xml. Does nothing when the site has not been built (server tests).
 * `loadSession` (the session middleware, passed in so the build's plugin can load this file
 * without the server's modules) tells the sign-in page who is signed in already;
 * `signInWithPassword` (better-auth's sign-in, passed in for the same reason) signs in a form the
 * page's script did not get to send; `submitContactForm` (the contact endpoint) sends /contact's.
 */
export function servePublicSite(
  app: Hono<AppEnv>,
  distDir: string,
  options: { loadSession?: MiddlewareHandler<AppEnv>; signInWithPassword?: SignInWithPassword; submitContactForm?: SubmitContactForm } = {},
): void {
  const siteDir = join(distDir, 'site');
  const manifestPath = join(siteDir, 'manifest.json');
  if (!existsSync(manifestPath)) return;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as SiteManifest;
  const cache = new Map<string, string>();

  // Hashed assets are immutable; compress the text ones (CSS, JS, SVG) on the way out.
  app.use('/assets/*', compress());

  const noSession: MiddlewareHandler<AppEnv> = async (c, next) => {
    c.set('user', null);
    await next();
  };
  const withSession = options.loadSession ?? noSession;

  const pageHtml = (c: Context<AppEnv>, route: SiteManifest['routes'][number]): string => {
    const signedIn = c.get('user') != null;
    const query = c.req.query('lang');
    const language = negotiateSiteLanguage(
      { query, cookie: getCookie(c, SITE_LANGUAGE_COOKIE), acceptLanguage: c.req.header('accept-language') },
      manifest.languages,
    );
    const { config } = c.get('deps');
    if (query === language) {
      setCookie(c, SITE_LANGUAGE_COOKIE, language, {
        path: '/',
        maxAge: 365 * 24 * 3600,
        sameSite: 'Lax',
        secure: config.publicUrl.startsWith('https://'),
      });
    }
    const explicit = query === language;
    const key = `${language}:${route.page}:${explicit}:${signedIn}`;
    let html = cache.get(key);
    if (html === undefined) {
      const raw = readFileSync(join(siteDir, language, `${route.page}.html`), 'utf8');
      const personal = personalizeSitePage(raw, {
        brand: config.BRAND_NAME,
        origin: config.publicUrl,
        path: route.path,
        language,
        languages: manifest.languages,
        explicit,
      });
      html = signedIn ? showSignedInChrome(personal) : personal;
      cache.set(key, html);
    }
    c.header('Vary', 'Cookie, Accept-Language');
    c.header('Content-Language', language);
    return html;
  };
  const render = (c: Context<AppEnv>, route: SiteManifest['routes'][number]) => {
    const html = pageHtml(c, route);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  };

  // A signed-out visitor at / goes to the landing page before any of the app is sent; a signed-in
  // person gets the app (its own start decides between onboarding and the dashboard).
  app.get('/', withSession, async (c, next) => {
    if (c.get('user') != null) return next();
    const search = new URL(c.req.url).search;
    c.header('Cache-Control', 'no-store');
    return c.redirect(`/landing${search}`, 302);
  });

  for (const route of manifest.routes) {
    if (route.page === CONTACT_PAGE) {
      // Sent before its script loaded: sent here as the script would have, and the page comes back
      // with the endpoint's answer and the fields as typed, which the script shows (the thanks, or
      // what to fix), so nothing typed is lost.
      app.post(route.path, compress(), async (c) => {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const fields = Object.fromEntries(
          Object.entries(form).flatMap(([key, value]) => (typeof value === 'string' && CONTACT_FORM_FIELDS.has(key) ? [[key, value]] : [])),
        );
        c.header('Cache-Control', 'no-store');
        if (!options.submitContactForm) return c.redirect(route.path, 303);
        const answer = await options.submitContactForm(c, fields);
        const body = (await answer.json().catch(() => null)) as unknown;
        const { website: _honeypot, ...values } = fields;
        const status = answer.ok ? 200 : (answer.status as ContentfulStatusCode);
        return c.html(withFormAnswer(pageHtml(c, route), 'data-contact-answer', { status: answer.status, body, values }), status);
      });
    }
    if (route.page !== SIGN_IN_PAGE) {
      app.get(route.path, compress(), withSession, (c) => render(c, route));
      continue;
    }
    app.get(route.path, compress(), withSession, (c) => {
      const url = new URL(c.req.url);
      const target = redirectFromSignIn(url.searchParams, c.get('user') != null, new URL(c.get('deps').config.publicUrl).origin);
      if (target) {
        c.header('Cache-Control', 'no-store');
        return c.redirect(target, 302);
      }
      return render(c, route);
    });
    // The form is sent by its script. One sent before the script loaded (a tap on a slow phone) is
    // signed in here as the script would have: on to where the person was going (303, as a GET),
    // or the page again with the address typed and better-auth's refusal, which the script words.
    app.post(route.path, compress(), async (c) => {
      const url = new URL(c.req.url);
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      const email = typeof form.email === 'string' ? form.email.trim() : '';
      const password = typeof form.password === 'string' ? form.password : '';
      c.header('Cache-Control', 'no-store');
      if (!options.signInWithPassword || !email || !password) return c.redirect(`${route.path}${url.search}`, 303);
      const answer = await options.signInWithPassword(c, { email, password });
      if (answer.ok) {
        for (const cookie of answer.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
        const origin = new URL(c.get('deps').config.publicUrl).origin;
        return c.redirect(redirectFromSignIn(url.searchParams, true, origin) ?? '/app', 303);
      }
      const refusal = { status: answer.status, body: (await answer.json().catch(() => null)) as unknown };
      const retryAfter = answer.headers.get('retry-after');
      if (retryAfter) c.header('Retry-After', retryAfter);
      return c.html(withSignInRefusal(pageHtml(c, route), email, refusal), answer.status as ContentfulStatusCode);
    });
  }

  app.get('/robots.txt', (c) => {
    const origin = c.get('deps').config.publicUrl;
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(
      [
        'User-agent: *',
        'Allow: /',
        'Allow: /api/docs',
        'Disallow: /app',
        'Disallow: /admin',
        'Disallow: /api/',
        'Disallow: /tv',
        'Disallow: /auth/callback',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  app.get('/sitemap.xml', (c) => {
    const origin = c.get('deps').config.publicUrl;
    const urls = manifest.routes
      .map((route) => {
        const alternates = manifest.languages
          .map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${escapeHtml(`${origin}${route.path}?lang=${l}`)}"/>`)
          .join('');
        return `<url><loc>${escapeHtml(`${origin}${route.path}`)}</loc>${alternates}</url>`;
      })
      .join('');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>\n`,
      200,
      { 'Content-Type': 'application/xml; charset=utf-8' },
    );
  });
}
