import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { START_FRAME_HEADER, START_FRAME_PATHS } from '../core/start-snapshot';
import { SITE_LANGUAGE_COOKIE } from './public-site';
import type { AppEnv } from './context';
import { choosePreloads, PRELOAD_HINTS_FILE, type PreloadHints, renderPreloadLinks } from './lib/preload-hints';
import { fillStartFrame, placeStartFrame, readStartFrames, type StartFrameMember } from './lib/start-frame';

/**
 * The start screens' pages with their first frame for the member who asks (decision 092): `loadSession` (the
 * session middleware) and `describeMember` (modules/activities), passed in like the public site's.
 */
/** How long a page waits to learn who asks before it goes without a first frame. */
const START_FRAME_WAIT_MS = 500;

export type StartFrameOptions = {
  loadSession: MiddlewareHandler<AppEnv>;
  describeMember: (c: Context<AppEnv>) => Promise<StartFrameMember | null>;
};

/**
 * The built SPA: hashed assets are immutable for a year; HTML is never cached so a deploy is
 * picked up at once. Any other GET path gets index.html and the client router decides (404 page
 * included).
 *
 * Hashed assets go out as the build compressed them (decision 063): `name.br` or `name.gz` beside
 * each text file, chosen by the request's Accept-Encoding, so no request compresses a file again.
 */
export function serveWebApp(app: Hono<AppEnv>, distDir: string, startFrame?: StartFrameOptions): void {
  if (!existsSync(join(distDir, 'index.html'))) {
    app.get('*', (c) => c.text('The web app is not built yet. Run `npm start` (it builds it) or `npm run build`.', 503));
    return;
  }
  app.use(
    '/assets/*',
    serveStatic({
      root: distDir,
      rewriteRequestPath: (path) => path,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // The service worker and the web app manifest (decision 054): checked on every visit, so a
  // deploy's worker takes over at once; the worker may control the whole origin.
  app.get('/sw.js', (c) => {
    c.header('Cache-Control', 'no-cache');
    c.header('Service-Worker-Allowed', '/');
    return c.body(readFileSync(join(distDir, 'sw.js')), 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  let manifest: string | null = null;
  app.get('/manifest.webmanifest', (c) => {
    const brand = c.get('deps').config.BRAND_NAME;
    manifest ??= JSON.stringify({
      ...(JSON.parse(readFileSync(join(distDir, 'manifest.webmanifest'), 'utf8')) as object),
      name: brand,
      short_name: brand,
    });
    c.header('Cache-Control', 'no-cache');
    return c.body(manifest, 200, { 'Content-Type': 'application/manifest+json' });
  });
  app.use('*', serveStatic({ root: distDir, rewriteRequestPath: (path) => (path === '/' ? '/__none__' : path) }));
  let indexHtml: string | null = null;
  // The signed-in screens' pages name the shell's, the screen's and the catalogs' scripts at once
  // (decision 085); a build without the hints (an older one) serves the page as it is.
  const hintsFile = join(distDir, PRELOAD_HINTS_FILE);
  const hints = existsSync(hintsFile) ? (JSON.parse(readFileSync(hintsFile, 'utf8')) as PreloadHints) : null;
  const pages = new Map<string, string>();
  // `language`: the one the page's first frame speaks, whose catalogs the app then starts with.
  const renderPage = (c: Context<AppEnv>, language?: string): string => {
    const brand = c.get('deps').config.BRAND_NAME;
    indexHtml ??= renderIndexHtml(readFileSync(join(distDir, 'index.html'), 'utf8'), brand);
    const preloads = hints ? choosePreloads(hints, c.req.path, language ?? c.req.header('accept-language')) : [];
    if (preloads.length === 0) return indexHtml;
    const key = preloads.join(' ');
    let page = pages.get(key);
    if (page === undefined) {
      // A handful of variants: three start screens and the shell's, each in four languages.
      page = indexHtml.replace('</head>', `${renderPreloadLinks(preloads)}</head>`);
      pages.set(key, page);
    }
    return page;
  };
  const frames = startFrame ? readStartFrames(distDir) : null;
  if (startFrame && frames) {
    // Who asks, if that can be said at once: the session and the member's facts are a head start for
    // the page, never a condition. Signed out, no company, a database that cannot answer (a restart)
    // or is slow: the page goes as it always did, and the app says what it can.
    const readMember = async (c: Context<AppEnv>): Promise<StartFrameMember | null> => {
      let member: StartFrameMember | null = null;
      const read = Promise.resolve(
        startFrame.loadSession(c, async () => {
          member = await startFrame.describeMember(c);
        }),
      ).then(
        () => 'read' as const,
        () => 'failed' as const,
      );
      const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), START_FRAME_WAIT_MS).unref());
      return (await Promise.race([read, late])) === 'read' ? member : null;
    };
    const sendWithFrame = async (c: Context<AppEnv>) => {
      c.header('Cache-Control', 'no-cache');
      // A screen opened with a query (a team's board, a ranking) is drawn by the app alone: the
      // frame is each screen as it opens plainly.
      const member = new URL(c.req.url).search === '' ? await readMember(c) : null;
      const frame =
        member &&
        fillStartFrame(frames, c.req.path, member, {
          acceptLanguage: c.req.header('accept-language'),
          languageCookie: getCookie(c, SITE_LANGUAGE_COOKIE),
          brand: c.get('deps').config.BRAND_NAME,
        });
      if (!member || !frame) return c.html(renderPage(c));
      // This member's page: no shared cache keeps it, and the service worker keeps no copy of it.
      c.header('Cache-Control', 'private, no-cache');
      c.header('Vary', 'Cookie');
      c.header(START_FRAME_HEADER, '1');
      return c.html(placeStartFrame(renderPage(c, frame.language), frame, member.userId));
    };
    for (const path of START_FRAME_PATHS) app.get(path, sendWithFrame);
  }
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(renderPage(c));
  });
}

/** Writes BRAND_NAME into the page (title and the application-name meta the web app reads). */
function renderIndexHtml(html: string, brand: string): string {
  const safe = brand.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
  return html
    .replace('<meta name="application-name" content="Dealboard" />', `<meta name="application-name" content="${safe}" />`)
    .replace('<title>Dealboard</title>', `<title>${safe}</title>`);
}
