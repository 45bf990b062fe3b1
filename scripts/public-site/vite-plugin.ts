import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, createServer, type Plugin, type ResolvedConfig, type ViteDevServer } from 'vite';
import { negotiateSiteLanguage, personalizeSitePage, SITE_LANGUAGE_COOKIE } from '../../server/public-site';
import type { SiteAssets } from '../../web/site/assets';

/*
 * The public site (landing, /contact and the footer pages) is not part of the SPA: it is rendered
 * to static HTML at build time with React (react-dom/server) and enhanced in the browser by small
 * island scripts, so a visitor downloads none of the app. See docs/decisions/010-public-site-prerendered.md.
 *
 * `vite build` builds the SPA as before; when it finishes, this plugin
 *   1. builds the islands and the site stylesheet into the same assets folder (a separate bundle
 *      graph: nothing is shared with the app's chunks),
 *   2. loads web/site/entry-server.tsx through Vite's SSR loader and renders every page in every
 *      language to dist/web/site/<lang>/<page>.html, with site/manifest.json listing the routes.
 * server/public-site.ts serves them. In `vite dev` the same pages are rendered on request.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const WEB = join(ROOT, 'web');
const SERVER_ENTRY = '/site/entry-server.tsx';
const ALIASES = { '@core': join(ROOT, 'core'), '@web': WEB };

/** The island entries (web/site/islands/<name>.ts) and the stylesheet every page links. */
const ISLANDS = ['page', 'landing', 'contact', 'status', 'api-docs', 'sign-in'] as const;
const STYLESHEET = 'site/site.css';

export type RenderedPage = { language: string; page: string; path: string; html: string };
type ServerEntry = {
  renderSite: (assets: SiteAssets) => RenderedPage[];
  renderPage: (assets: SiteAssets, path: string, language: string) => string | null;
  SITE_LANGUAGES: readonly string[];
};

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[]; assets?: string[]; src?: string };

export function publicSite(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'dealboard:public-site',
    configResolved(resolved) {
      config = resolved;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        serveDevPage(server, req, res).then((served) => (served ? undefined : next()), next);
      });
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr || config.build.watch) return;
      const started = performance.now();
      const outDir = resolve(config.root, config.build.outDir);
      const assets = await buildIslands(outDir, config.mode);
      const pages = await renderPages(assets, config.mode);
      writePages(outDir, pages);
      config.logger.info(
        `public site: ${new Set(pages.map((p) => p.page)).size} pages x ${new Set(pages.map((p) => p.language)).size} languages pre-rendered in ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
}

/** Islands and stylesheet: their own bundle graph, written next to the app's assets. */
async function buildIslands(outDir: string, mode: string): Promise<SiteAssets> {
  const manifestFile = '.vite/site-manifest.json';
  await build({
    configFile: false,
    root: WEB,
    mode,
    logLevel: 'warn',
    publicDir: false,
    resolve: { alias: ALIASES },
    plugins: [tailwindcss()],
    build: {
      outDir,
      emptyOutDir: false,
      manifest: manifestFile,
      sourcemap: false,
      modulePreload: { polyfill: false },
      rollupOptions: {
        input: {
          'site-style': join(WEB, STYLESHEET),
          ...Object.fromEntries(ISLANDS.map((name) => [`site-${name}`, join(WEB, 'site', 'islands', `${name}.ts`)])),
        },
      },
    },
  });
  const manifestPath = join(outDir, manifestFile);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  rmSync(manifestPath);
  return assetsFromManifest(manifest);
}

function assetsFromManifest(manifest: Record<string, ManifestChunk>): SiteAssets {
  const url = (file: string) => `/${file}`;
  const style = manifest[STYLESHEET];
  if (!style) throw new Error(`public site: ${STYLESHEET} is missing from the build manifest`);
  const font = Object.values(manifest).find((chunk) => /inter-latin-wght-normal/.test(chunk.file));
  const collectImports = (key: string, seen = new Set<string>()): string[] => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      collectImports(imported, seen);
    }
    return [...seen].map((k) => url(manifest[k]!.file));
  };
  const islands: SiteAssets['islands'] = {};
  for (const name of ISLANDS) {
    const key = `site/islands/${name}.ts`;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`public site: island ${key} is missing from the build manifest`);
    islands[name] = { file: url(chunk.file), imports: collectImports(key) };
  }
  return { stylesheets: [url(style.file)], fontPreload: font ? url(font.file) : null, islands };
}

/** Renders every page through Vite's SSR loader (the same code path as `vite dev`). */
async function renderPages(assets: SiteAssets, mode: string): Promise<RenderedPage[]> {
  const server = await createSsrServer(mode);
  try {
    const entry = (await server.ssrLoadModule(SERVER_ENTRY)) as ServerEntry;
    return entry.renderSite(assets);
  } finally {
    await server.close();
  }
}

function createSsrServer(mode: string): Promise<ViteDevServer> {
  return createServer({
    configFile: false,
    root: WEB,
    mode,
    logLevel: 'warn',
    appType: 'custom',
    publicDir: false,
    resolve: { alias: ALIASES },
    plugins: [react()],
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
}

function writePages(outDir: string, pages: RenderedPage[]): void {
  const siteDir = join(outDir, 'site');
  rmSync(siteDir, { recursive: true, force: true });
  for (const page of pages) {
    const file = join(siteDir, page.language, `${page.page}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, page.html);
  }
  const routes = [...new Map(pages.map((p) => [p.path, { path: p.path, page: p.page }])).values()];
  const languages = [...new Set(pages.map((p) => p.language))];
  writeFileSync(join(siteDir, 'manifest.json'), `${JSON.stringify({ languages, routes }, null, 2)}\n`);
}

/** `vite dev`: the public pages rendered on request, with the islands served as source. */
const DEV_ASSETS: SiteAssets = {
  stylesheets: [`/${STYLESHEET}`],
  fontPreload: null,
  islands: Object.fromEntries(ISLANDS.map((name) => [name, { file: `/site/islands/${name}.ts`, imports: [] }])),
};

async function serveDevPage(server: ViteDevServer, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const url = new URL(req.url ?? '/', 'http://localhost');
  const entry = (await server.ssrLoadModule(SERVER_ENTRY)) as ServerEntry;
  const cookieHeader = req.headers.cookie ?? '';
  const cookie = /(?:^|;\s*)([^=;]+)=([^;]*)/g;
  let languageCookie: string | undefined;
  for (const match of cookieHeader.matchAll(cookie)) if (match[1] === SITE_LANGUAGE_COOKIE) languageCookie = decodeURIComponent(match[2]!);
  const language = negotiateSiteLanguage(
    { query: url.searchParams.get('lang'), cookie: languageCookie, acceptLanguage: req.headers['accept-language'] },
    entry.SITE_LANGUAGES,
  );
  const html = entry.renderPage(DEV_ASSETS, url.pathname, language);
  if (html === null) return false;
  const origin = `http://${req.headers.host ?? 'localhost'}`;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  const explicit = url.searchParams.get('lang') === language;
  if (explicit) res.setHeader('Set-Cookie', `${SITE_LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`);
  res.end(
    personalizeSitePage(html, { brand: 'Dealboard', origin, path: url.pathname, language, languages: entry.SITE_LANGUAGES, explicit }),
  );
  return true;
}
