import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps, AppEnv } from './context';
import { servePublicSite } from './public-site';
import { PRELOAD_HINTS_FILE, type PreloadHints } from './lib/preload-hints';
import { serveWebApp } from './web-app';
import type { StartFrameMember } from './lib/start-frame';
import { START_FRAME_FILE } from '../core/start-snapshot';

/** A built web app in miniature: the page, one hashed script compressed by the build, one not. */
const SCRIPT = `export const greeting = ${JSON.stringify('hei '.repeat(2000))};\n`;

describe('the built web app', () => {
  let dist: string;
  let app: Hono<AppEnv>;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'dealboard-web-app-test-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'site'));
    writeFileSync(join(dist, 'index.html'), '<html><head><title>Dealboard</title></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'site', 'manifest.json'), JSON.stringify({ languages: ['en'], routes: [] }));
    writeFileSync(join(dist, 'assets', 'app-Ab12.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'app-Ab12.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dist, 'assets', 'app-Ab12.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dist, 'assets', 'plain-Cd34.js'), SCRIPT);
    writeFileSync(
      join(dist, PRELOAD_HINTS_FILE),
      JSON.stringify({
        screens: { '/app/quick-log': ['assets/app-shell-S.js', 'assets/quick-log-page-Q.js'] },
        shell: ['assets/app-shell-S.js'],
        catalogs: { en: ['assets/common.en-E.js'], nb: ['assets/common.nb-N.js'] },
        screenCatalogs: { '/app': { en: ['assets/scoreboard.en-B.js'], nb: ['assets/scoreboard.nb-C.js'] } },
      } satisfies PreloadHints),
    );
    app = new Hono<AppEnv>();
    const deps = { config: { BRAND_NAME: 'Salg & Co', publicUrl: 'http://localhost:3000' } } as unknown as AppDeps;
    app.use('*', async (c, next) => {
      c.set('deps', deps);
      await next();
    });
    // In the order createApp mounts them: the public site's compress() on /assets/* comes first.
    servePublicSite(app, dist);
    serveWebApp(app, dist);
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('sends a hashed script as the build gzipped it, to a browser that takes gzip (Chromium over http)', async () => {
    const response = await app.request('/assets/app-Ab12.js', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = Buffer.from(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(SCRIPT.length / 10);
    expect(gunzipSync(body).toString()).toBe(SCRIPT);
  });

  it('prefers the brotli copy when the browser takes it', async () => {
    const response = await app.request('/assets/app-Ab12.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that takes no compression', async () => {
    const response = await app.request('/assets/app-Ab12.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(SCRIPT);
  });

  it('still compresses on the way out a file the build left without a copy', async () => {
    const response = await app.request('/assets/plain-Cd34.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(SCRIPT);
  });

  it('answers any other page with the app page, uncached, carrying the brand', async () => {
    const response = await app.request('/app/quick-log');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('<title>Salg &amp; Co</title>');
  });

  it("names a signed-in screen's scripts and its reader's catalogs in its page, so they download with the entry (decision 085)", async () => {
    const links = async (path: string, acceptLanguage?: string) => {
      const html = await (await app.request(path, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} })).text();
      return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    };
    expect(await links('/app/quick-log', 'nb-NO,nb;q=0.9,en;q=0.8')).toEqual([
      '/assets/app-shell-S.js',
      '/assets/quick-log-page-Q.js',
      '/assets/common.nb-N.js',
    ]);
    // The dashboard's words too: its first render waits for them.
    expect(await links('/app/', 'nb')).toEqual(['/assets/app-shell-S.js', '/assets/common.nb-N.js', '/assets/scoreboard.nb-C.js']);
    // Another screen of the app: the shell's, in English for a browser we have no catalog for.
    expect(await links('/app/settings', 'fi-FI')).toEqual(['/assets/app-shell-S.js', '/assets/common.en-E.js']);
    // The signed-out screens have budgets of their own: nothing of the shell.
    expect(await links('/auth/register', 'nb')).toEqual([]);
    expect(await links('/application', 'nb')).toEqual([]);
  });
});

describe("quick log's page with its first frame (decision 092)", () => {
  let dist: string;
  let app: Hono<AppEnv>;
  let member: StartFrameMember | null | Error;
  let session: 'signed in' | 'database down' = 'signed in';

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'dealboard-start-frame-test-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<html lang="en"><head><title>Dealboard</title></head><body><div id="root"></div></body></html>',
    );
    const frame = (words: string) => `<main><button type="button" data-quick-log="answered">${words}</button></main>`;
    writeFileSync(
      join(dist, START_FRAME_FILE),
      JSON.stringify({
        frames: {
          '/app/quick-log': { en: frame('Call answered'), nb: frame('Samtale besvart') },
          '/app': { nb: '<h1>Teamets dashbord</h1>' },
        },
      }),
    );
    app = new Hono<AppEnv>();
    const deps = { config: { BRAND_NAME: 'Dealboard' } } as unknown as AppDeps;
    app.use('*', async (c, next) => {
      c.set('deps', deps);
      await next();
    });
    serveWebApp(app, dist, {
      loadSession: async (_c, next) => {
        if (session === 'database down') throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        await next();
      },
      describeMember: async () => {
        if (member instanceof Error) throw member;
        return member;
      },
    });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const rep: StartFrameMember = {
    userId: 'user-1',
    email: 'ola@nordlys.example',
    savedLanguage: 'nb',
    isAdmin: false,
    isCoach: false,
    enabledKinds: { meeting: true, email: false, linkedin: false },
  };

  it("sends a member quick log's buttons in their language inside the page, kept by no cache but theirs", async () => {
    member = rep;
    const response = await app.request('/app/quick-log', { headers: { 'accept-language': 'en' } });
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toMatch(/cookie/i);
    // The service worker keeps no copy of a page with a member's frame (web/sw/sw.ts).
    expect(response.headers.get('dealboard-start-frame')).toBe('1');
    expect(await response.text()).toBe(
      '<html lang="nb"><head><title>Dealboard</title></head><body><div id="root" data-start-snapshot data-start-member="user-1" data-start-language="nb">' +
        '<main><button type="button" data-quick-log="answered">Samtale besvart</button></main></div></body></html>',
    );
  });

  it("sends the dashboard's frame too, but not for a board opened with a query (a team's)", async () => {
    member = rep;
    expect(await (await app.request('/app')).text()).toContain(
      'data-start-member="user-1" data-start-language="nb"><h1>Teamets dashbord</h1></div>',
    );
    expect(await (await app.request('/app?team=t1')).text()).toContain('<div id="root"></div>');
  });

  it('sends the page as it is to someone signed out, on other screens, and when the database cannot say who asks', async () => {
    member = null;
    expect(await (await app.request('/app/quick-log')).text()).toContain('<div id="root"></div>');
    member = rep;
    expect(await (await app.request('/app/activity')).text()).toContain('<div id="root"></div>');
    member = new Error('Connection terminated unexpectedly');
    const response = await app.request('/app/quick-log');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root"></div>');
    // The session itself cannot be read (PostgreSQL restarting): the app's page all the same, not an error.
    member = rep;
    session = 'database down';
    try {
      const down = await app.request('/app/quick-log');
      expect(down.status).toBe(200);
      expect(down.headers.get('cache-control')).toBe('no-cache');
      expect(await down.text()).toContain('<div id="root"></div>');
    } finally {
      session = 'signed in';
    }
  });
});
