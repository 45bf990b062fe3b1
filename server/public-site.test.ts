import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps, AppEnv } from './context';
import { callOwnEndpoint } from './app';
import { loadSession } from './modules/session/session.middleware';
import { negotiateSiteLanguage, personalizeSitePage, redirectFromSignIn, servePublicSite } from './public-site';
import { createTestApp, type TestApp } from './test/test-app';

const LANGUAGES = ['en', 'nb'] as const;

/**
 * A built site of one page (`html` in each language) served as the server serves it, on a test
 * app's deps (`options` may use the app: its endpoints), with the app's page at every other address.
 */
async function serveOnePage(
  route: { path: string; page: string },
  html: (language: string) => string,
  options: (app: TestApp) => Parameters<typeof servePublicSite>[2],
) {
  const t = await createTestApp();
  const dist = mkdtempSync(join(tmpdir(), 'dealboard-site-test-'));
  for (const language of LANGUAGES) {
    mkdirSync(join(dist, 'site', language), { recursive: true });
    writeFileSync(join(dist, 'site', language, `${route.page}.html`), html(language));
  }
  writeFileSync(join(dist, 'site', 'manifest.json'), JSON.stringify({ languages: LANGUAGES, routes: [route] }));
  const site = new Hono<AppEnv>();
  site.use('*', async (c, next) => {
    c.set('deps', t.deps);
    await next();
  });
  servePublicSite(site, dist, options(t));
  site.get('*', (c) => c.text('the app', 200));
  const close = async () => {
    rmSync(dist, { recursive: true, force: true });
    await t.close();
  };
  return { t, site, close };
}

describe('negotiateSiteLanguage', () => {
  it.each([
    [{ query: 'nb' }, 'nb'],
    [{ query: 'en', cookie: 'nb' }, 'en'],
    [{ query: 'fr', cookie: 'nb' }, 'nb'],
    [{ cookie: 'nb', acceptLanguage: 'en-GB' }, 'nb'],
    [{ acceptLanguage: 'nb-NO,nb;q=0.9,en;q=0.8' }, 'nb'],
    [{ acceptLanguage: 'nn-NO' }, 'nb'],
    [{ acceptLanguage: 'no' }, 'nb'],
    [{ acceptLanguage: 'sv-SE,sv;q=0.9,nb;q=0.8,en;q=0.7' }, 'nb'],
    [{ acceptLanguage: 'de-DE,en;q=0.5,nb;q=0.4' }, 'en'],
    [{ acceptLanguage: 'en;q=0.2,nb;q=0.9' }, 'nb'],
    [{ acceptLanguage: 'nb;q=0,en' }, 'en'],
    [{ acceptLanguage: 'sv-SE' }, 'en'],
    [{}, 'en'],
  ])('%j -> %s', (input, expected) => {
    expect(negotiateSiteLanguage(input, LANGUAGES)).toBe(expected);
  });
});

describe('personalizeSitePage', () => {
  const html = '<html><head><title>Dealboard</title></head><body>Dealboard &amp; co</body></html>';
  const base = { origin: 'https://sales.example.no', path: '/landing', language: 'nb', languages: LANGUAGES };

  it('writes BRAND_NAME (escaped) where the page says Dealboard', () => {
    const out = personalizeSitePage(html, { ...base, brand: 'Salg & Co', explicit: false });
    expect(out).toContain('<title>Salg &amp; Co</title>');
    expect(out).not.toContain('Dealboard');
  });

  it('adds the canonical (the address asked for) and hreflang alternates with the public URL', () => {
    const negotiated = personalizeSitePage(html, { ...base, brand: 'Dealboard', explicit: false });
    expect(negotiated).toContain('<link rel="canonical" href="https://sales.example.no/landing">');
    expect(negotiated).toContain('<link rel="alternate" hreflang="nb" href="https://sales.example.no/landing?lang=nb">');
    expect(negotiated).toContain('<link rel="alternate" hreflang="en" href="https://sales.example.no/landing?lang=en">');
    expect(negotiated).toContain('<link rel="alternate" hreflang="x-default" href="https://sales.example.no/landing">');
    const chosen = personalizeSitePage(html, { ...base, brand: 'Dealboard', explicit: true });
    expect(chosen).toContain('<link rel="canonical" href="https://sales.example.no/landing?lang=nb">');
  });
});

describe('servePublicSite', () => {
  let dist: string;
  let app: Hono<AppEnv>;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'dealboard-site-test-'));
    for (const language of LANGUAGES) {
      mkdirSync(join(dist, 'site', language), { recursive: true });
      for (const page of ['landing', 'api-docs']) {
        writeFileSync(
          join(dist, 'site', language, `${page}.html`),
          `<html lang="${language}"><head></head><body>${page} ${language} Dealboard</body></html>`,
        );
      }
    }
    writeFileSync(
      join(dist, 'site', 'manifest.json'),
      JSON.stringify({
        languages: LANGUAGES,
        routes: [
          { path: '/landing', page: 'landing' },
          { path: '/api/docs', page: 'api-docs' },
        ],
      }),
    );
    app = new Hono<AppEnv>();
    const deps = { config: { BRAND_NAME: 'Dealboard', publicUrl: 'http://localhost:3000' } } as unknown as AppDeps;
    app.use('*', async (c, next) => {
      c.set('deps', deps);
      await next();
    });
    servePublicSite(app, dist);
    app.get('*', (c) => c.text('the app', 200));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('answers in the browser language, uncached, varying on cookie and language', async () => {
    const response = await app.request('/landing', { headers: { 'accept-language': 'nb-NO,nb;q=0.9' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('landing nb');
    expect(response.headers.get('content-language')).toBe('nb');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('vary')).toMatch(/Cookie, Accept-Language/);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('remembers a language chosen with ?lang= in a cookie, which then wins over the browser', async () => {
    const chosen = await app.request('/landing?lang=en', { headers: { 'accept-language': 'nb' } });
    expect(await chosen.text()).toContain('landing en');
    const cookie = chosen.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^dealboard\.lang=en;.*Path=\//);
    expect(cookie).toMatch(/SameSite=Lax/);
    const later = await app.request('/landing', { headers: { 'accept-language': 'nb', cookie: 'dealboard.lang=en' } });
    expect(await later.text()).toContain('landing en');
  });

  it('serves /api/docs and leaves other paths to the app', async () => {
    expect(await (await app.request('/api/docs')).text()).toContain('api-docs en');
    expect(await (await app.request('/auth')).text()).toBe('the app');
  });

  it('serves robots.txt and a sitemap with every page and its languages', async () => {
    const robots = await (await app.request('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: http:\/\/localhost:3000\/sitemap\.xml/);
    expect(robots).toMatch(/Disallow: \/app/);
    const sitemap = await (await app.request('/sitemap.xml')).text();
    expect(sitemap).toContain('<loc>http://localhost:3000/landing</loc>');
    expect(sitemap).toContain('hreflang="nb" href="http://localhost:3000/api/docs?lang=nb"');
  });

  it('does nothing when the site is not built', () => {
    const bare = new Hono<AppEnv>();
    servePublicSite(bare, join(dist, 'missing'));
    expect(bare.routes).toHaveLength(0);
  });
});

describe('the pre-rendered sign-in page (/auth)', () => {
  let t: TestApp;
  let site: Hono<AppEnv>;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ t, site, close } = await serveOnePage(
      { path: '/auth', page: 'auth' },
      (language) =>
        `<html lang="${language}"><head></head><body>sign-in ${language}<form method="post"><input id="email" name="email"/></form></body></html>`,
      (app) => ({
        loadSession,
        signInWithPassword: (c, credentials) => callOwnEndpoint(app.app, c, '/api/auth/sign-in/email', credentials),
      }),
    ));
  });
  afterAll(() => close?.());

  it('shows the form to a visitor who is not signed in (or whose session is not valid)', async () => {
    const response = await site.request('/auth?next=%2Fapp%2Fweekly', { headers: { 'accept-language': 'nb' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('sign-in nb');
    const forged = await site.request('/auth', { headers: { cookie: 'better-auth.session_token=forged.value' } });
    expect(await forged.text()).toContain('sign-in en');
  });

  it('sends a signed-in person straight on: the invitation, else the page asked for, else the dashboard', async () => {
    const user = await t.createUser();
    const go = async (path: string) => {
      const response = await site.request(path, { headers: { cookie: user.cookie } });
      expect(response.status).toBe(302);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return response.headers.get('location');
    };
    await expect(go('/auth')).resolves.toBe('/app');
    await expect(go('/auth?next=%2Fapp%2Fweekly')).resolves.toBe('/app/weekly');
    await expect(go('/auth?next=%2F%2Fevil.example%2Fapp')).resolves.toBe('/app');
    await expect(go('/auth?invite=inv%201&next=%2Fapp%2Fweekly')).resolves.toBe('/invite/inv%201');
  });

  it('shows the form again once that person has signed out', async () => {
    const user = await t.createUser();
    expect((await site.request('/auth', { headers: { cookie: user.cookie } })).status).toBe(302);
    const signedOut = await t.request('/api/auth/sign-out', { method: 'POST', as: user, json: {} });
    expect(signedOut.status).toBe(200);
    const after = await site.request('/auth', { headers: { cookie: user.cookie } });
    expect(after.status).toBe(200);
  });

  it('sends an old join link (?mode=join) to the join form with the rest of its query', async () => {
    const response = await site.request('/auth?mode=join&plan=pro&invite=abc');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth/register?plan=pro&invite=abc');
  });

  describe('a form sent before its script loaded (a tap on a slow phone)', () => {
    const post = (search: string, fields: Record<string, string>) =>
      site.request(`/auth${search}`, { method: 'POST', body: new URLSearchParams(fields), headers: { 'accept-language': 'nb' } });

    it('signs in and goes on to the page asked for, with the session cookie', async () => {
      const user = await t.createUser();
      const response = await post('?next=%2Fapp%2Fweekly', { email: ` ${user.email} `, password: user.password });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/app/weekly');
      const cookie = response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      expect(cookie).toContain('session_token=');
      // The cookie is a real session: /auth now sends the person on instead of showing the form.
      const again = await site.request('/auth', { headers: { cookie } });
      expect(again.status).toBe(302);
      const invited = await post('?invite=inv1', { email: user.email, password: user.password });
      expect(invited.headers.get('location')).toBe('/invite/inv1');
    });

    it('sends the page back on a refusal: the address kept, the refusal for the script to say, never the password', async () => {
      const user = await t.createUser();
      const response = await post('?next=%2Fapp%2Fweekly', { email: user.email, password: 'wrong-password-1' });
      expect(response.status).toBe(401);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      expect(html).toContain('sign-in nb');
      expect(html).toContain(`id="email" value="${user.email}"`);
      expect(html).toMatch(
        /<script type="application\/json" data-sign-in-refusal>\{"status":401,"body":\{[^<]*"code":"INVALID_EMAIL_OR_PASSWORD"/,
      );
      expect(html).not.toContain('wrong-password-1');
    });

    it('keeps what was typed safe in the page: no markup from the address, nothing unstorable sent on', async () => {
      const response = await post('', { email: '"><script>alert(1)</script>@x.no', password: 'secret-123' });
      expect(response.status).toBeGreaterThanOrEqual(400);
      const html = await response.text();
      expect(html).not.toContain('<script>alert(1)');
      expect(html).toContain('value="&quot;&gt;&lt;script&gt;');
      const nul = await post('', { email: 'a\u0000@x.no', password: 'secret-123' });
      expect(nul.status).toBe(400);
    });

    it('comes back to the page, query and all, when a field is empty', async () => {
      const response = await post('?next=%2Fapp%2Fweekly', { email: 'a@b.no', password: '' });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/auth?next=%2Fapp%2Fweekly');
    });
  });

  it('redirectFromSignIn: the rule on its own', () => {
    const origin = 'https://sales.example.no';
    expect(redirectFromSignIn(new URLSearchParams('next=/app'), false, origin)).toBeNull();
    expect(redirectFromSignIn(new URLSearchParams('next=/tv'), true, origin)).toBe('/tv');
    expect(redirectFromSignIn(new URLSearchParams('next=javascript:alert(1)'), true, origin)).toBe('/app');
    expect(redirectFromSignIn(new URLSearchParams('mode=join'), true, origin)).toBe('/auth/register');
  });
});

describe('the front door (/) and the landing page, signed in or not', () => {
  let t: TestApp;
  let site: Hono<AppEnv>;
  let close: () => Promise<void>;
  /** The header as the site renders it: the visitor's links, and the member's link hidden. */
  const header =
    '<div data-session="signed-out"><a href="/auth">Sign in</a></div><a data-session="signed-in" hidden="" href="/app">Open the app</a>';

  beforeAll(async () => {
    ({ t, site, close } = await serveOnePage(
      { path: '/landing', page: 'landing' },
      (language) => `<html lang="${language}"><head></head><body>${header}</body></html>`,
      () => ({ loadSession }),
    ));
  });
  afterAll(() => close?.());

  it('sends a signed-out visitor from / to the landing page without the app, keeping the language asked for', async () => {
    const response = await site.request('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/landing');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect((await site.request('/?lang=nb')).headers.get('location')).toBe('/landing?lang=nb');
    const forged = await site.request('/', { headers: { cookie: 'better-auth.session_token=forged.value' } });
    expect(forged.headers.get('location')).toBe('/landing');
  });

  it('gives a signed-in person the app at /', async () => {
    const user = await t.createUser();
    const response = await site.request('/', { headers: { cookie: user.cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('the app');
  });

  it('offers a signed-in person "Open the app" on the landing page instead of Sign in', async () => {
    const visitor = await (await site.request('/landing')).text();
    expect(visitor).toContain('<div data-session="signed-out">');
    expect(visitor).toContain('<a data-session="signed-in" hidden="" href="/app">');
    const user = await t.createUser();
    const member = await (await site.request('/landing', { headers: { cookie: user.cookie } })).text();
    expect(member).toContain('<div data-session="signed-out" hidden="">');
    expect(member).toContain('<a data-session="signed-in" href="/app">');
    // The visitor's copy is not spoiled by the member's.
    expect(await (await site.request('/landing')).text()).toBe(visitor);
  });
});

describe('the contact form sent before its script loaded (POST /contact)', () => {
  let site: Hono<AppEnv>;
  let close: () => Promise<void>;
  const sent: Record<string, string>[] = [];
  let answer = (): Response => Response.json({ id: 'c1' }, { status: 201 });

  beforeAll(async () => {
    ({ site, close } = await serveOnePage(
      { path: '/contact', page: 'contact' },
      (language) => `<html lang="${language}"><body>contact ${language}</body></html>`,
      () => ({
        submitContactForm: async (_c, fields) => {
          sent.push(fields);
          return answer();
        },
      }),
    ));
  });
  afterAll(() => close?.());

  const post = (fields: Record<string, string>) =>
    site.request('/contact', { method: 'POST', body: new URLSearchParams(fields), headers: { 'accept-language': 'nb' } });
  const answerIn = (html: string) =>
    JSON.parse(/<script type="application\/json" data-contact-answer>(.*?)<\/script>/.exec(html)![1]!) as {
      status: number;
      body: unknown;
      values: Record<string, string>;
    };

  it("sends the form's fields (nothing else) to the endpoint and gives the page back with its answer and the fields as typed", async () => {
    const fields = {
      name: 'Kari',
      email: 'kari@fjordsalg.no',
      company: 'Fjordsalg',
      teamSize: '21-50',
      message: 'A demo </script> please',
      website: '',
    };
    const response = await post({ ...fields, admin: 'true' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(sent.at(-1)).toEqual(fields);
    const html = await response.text();
    expect(html).toContain('contact nb');
    expect(html).not.toContain('A demo </script>'); // the answer's markup cannot close its own script
    const { website: _honeypot, ...typed } = fields;
    expect(answerIn(html)).toEqual({ status: 201, body: { id: 'c1' }, values: typed });
  });

  it("keeps the endpoint's refusal and its status: the limit, or what to fix", async () => {
    answer = () => Response.json({ error: { code: 'rate_limited', message: 'Too many' } }, { status: 429 });
    const limited = await post({ name: 'Kari', message: 'Once more' });
    expect(limited.status).toBe(429);
    expect(answerIn(await limited.text())).toMatchObject({ status: 429, values: { name: 'Kari', message: 'Once more' } });
    answer = () =>
      Response.json({ error: { code: 'invalid_input', details: { email: 'Enter a valid e-mail address.' } } }, { status: 400 });
    const refused = await post({ name: 'Kari', email: 'nope' });
    expect(refused.status).toBe(400);
    expect(answerIn(await refused.text()).body).toEqual({
      error: { code: 'invalid_input', details: { email: 'Enter a valid e-mail address.' } },
    });
  });
});
