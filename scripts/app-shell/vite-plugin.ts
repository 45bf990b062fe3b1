import type { Plugin } from 'vite';
import { PRELOAD_HINTS_FILE, type PreloadHints } from '../../server/lib/preload-hints';
import { readCatalogFile } from '../../web/sw/catalog-files';

/**
 * The screens the installed app must open without a connection (decision 068): quick log (its
 * start screen), the dashboard (home) and My Activity, inside the signed-in shell. Their code is
 * what the service worker installs; every other screen is kept once it has been used.
 */
export const START_SCREEN_MODULES = [
  'web/app/shell/app-shell.tsx',
  'web/features/activity/routes/quick-log-page.tsx',
  'web/features/dashboard/routes/dashboard-page.tsx',
  'web/app/routes/activity-page.tsx',
];

/**
 * The namespaces those screens speak (web/app/router.tsx declares them beside each route; the
 * base namespaces load before any screen). The worker installs these catalogs in the reader's
 * language only.
 */
export const START_SCREEN_NAMESPACES = ['common', 'auth', 'activity', 'scoreboard', 'privacy', 'data', 'targets'];

/**
 * The start screens' addresses (web/app/router.tsx), for the preload hints the server puts in the
 * page it answers them with (decision 085). Any other /app address gets the shell's.
 */
export const START_SCREEN_PATHS: Readonly<Record<string, string>> = {
  '/app': 'web/features/dashboard/routes/dashboard-page.tsx',
  '/app/dashboard': 'web/features/dashboard/routes/dashboard-page.tsx',
  '/app/quick-log': 'web/features/activity/routes/quick-log-page.tsx',
  '/app/activity': 'web/app/routes/activity-page.tsx',
};
export const SHELL_MODULE = 'web/app/shell/app-shell.tsx';
/**
 * What the shell loads right after itself on every screen but quick log and My Activity: the line
 * about logs waiting on the device. Claimed like a start screen (scripts/app-shell/start-groups.ts),
 * it is a small chunk of its own (My Activity, which imports it too, fetches one file more); in My
 * Activity's group it brought that whole screen's code to the dashboard.
 */
export const AFTER_SHELL_MODULE = 'web/features/activity/components/pending-sync-notice.tsx';

/** The app itself, which the page's entry (web/entry.ts) imports once the page has painted (decision 090). */
export const APP_MODULE = 'web/main.tsx';

/** The catalogs no signed-in screen renders before: the base namespaces (web/i18n) and the shell's. */
export const FIRST_RENDER_NAMESPACES = ['common', 'auth', 'activity'];

/**
 * The namespaces each start screen waits for beyond those (web/app/router.tsx declares them beside
 * its route; web/app/router-namespaces.test.ts keeps the two lists the same): hinted in its page
 * too, or the screen's first render waits a round trip for its words after the scripts have run.
 */
export const START_SCREEN_PATH_NAMESPACES: Readonly<Record<string, readonly string[]>> = {
  '/app': ['scoreboard', 'privacy'],
  '/app/dashboard': ['scoreboard', 'privacy'],
  '/app/quick-log': [],
  '/app/activity': ['privacy', 'targets'],
};

/** A bundle's chunks as the plugin reads them: the part of rolldown's output chunk it uses. */
export type ShellChunk = {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports: readonly string[];
};

/**
 * What the shell loads on demand but does not install: other screens (a route module: decision
 * 068 keeps them once used), the catalogs (chosen by language, below) and the password checker's
 * dictionaries (1.6 MB, only for changing a password).
 */
const NOT_INSTALLED_ON_DEMAND = /[\\/](routes|locales)[\\/]|[\\/]assess-password\.ts$/;

/**
 * The JavaScript files the app shell is made of: the page's entry and the start screens, each
 * with every chunk it imports statically (those load with it, before it runs), and what they
 * load on demand that is neither another screen nor a catalog (the toasts, the live updates'
 * reader): a start screen opened offline needs those too.
 */
export function listShellScripts(chunks: readonly ShellChunk[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks.filter(
    (chunk) =>
      (chunk.isEntry && chunk.facadeModuleId?.endsWith('/web/index.html')) ||
      START_SCREEN_MODULES.some((module) => chunk.facadeModuleId?.endsWith(`/${module}`)),
  );
  const missing = START_SCREEN_MODULES.filter((module) => !roots.some((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`)));
  if (missing.length) throw new Error(`app shell: no chunk for ${missing.join(', ')} (moved? update START_SCREEN_MODULES)`);
  const shell = new Set<string>();
  const visit = (fileName: string) => {
    if (shell.has(fileName)) return;
    shell.add(fileName);
    const chunk = byFile.get(fileName);
    for (const imported of chunk?.imports ?? []) visit(imported);
    for (const imported of chunk?.dynamicImports ?? []) {
      const target = byFile.get(imported);
      if (target && !NOT_INSTALLED_ON_DEMAND.test(target.facadeModuleId ?? '')) visit(imported);
    }
  };
  for (const root of roots) visit(root.fileName);
  return shell;
}

/** The preload hints of a bundle (PreloadHints); fails the build when a start screen or the shell has no chunk. */
export function listPreloadHints(chunks: readonly ShellChunk[]): PreloadHints {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = (module: string) => {
    const found = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`));
    if (!found) throw new Error(`preload hints: no chunk for ${module} (moved? update START_SCREEN_PATHS)`);
    return found;
  };
  const withImports = (roots: readonly ShellChunk[]) => withStaticImports(byFile, roots);
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/web/index.html'));
  const app = findAppChunk(chunks);
  const preloadedByPage = withImports([entry, app].filter((chunk) => chunk !== undefined));
  const beyondPage = (roots: readonly ShellChunk[]) => [...withImports(roots)].filter((file) => !preloadedByPage.has(file));
  const shell = chunkOf(SHELL_MODULE);
  const catalogs: Record<string, string[]> = {};
  const screenCatalogs: Record<string, Record<string, string[]>> = {};
  for (const chunk of chunks) {
    const catalog = readCatalogFile(chunk.fileName);
    if (!catalog) continue;
    if (FIRST_RENDER_NAMESPACES.includes(catalog.namespace)) (catalogs[catalog.language] ??= []).push(chunk.fileName);
    for (const [path, namespaces] of Object.entries(START_SCREEN_PATH_NAMESPACES)) {
      if (namespaces.includes(catalog.namespace)) ((screenCatalogs[path] ??= {})[catalog.language] ??= []).push(chunk.fileName);
    }
  }
  return {
    screens: Object.fromEntries(Object.entries(START_SCREEN_PATHS).map(([path, module]) => [path, beyondPage([shell, chunkOf(module)])])),
    shell: beyondPage([shell]),
    catalogs,
    screenCatalogs,
  };
}

/**
 * Whether the service worker installs this file of the build: everything the glob listed that is
 * not JavaScript (the page, styles, fonts, icons), the shell's scripts, and the start screens'
 * catalogs (all languages: the worker installs only the reader's, web/sw/sw.ts).
 */
export function isShellFile(url: string, shellScripts: ReadonlySet<string>): boolean {
  if (!url.endsWith('.js')) return true;
  const catalog = readCatalogFile(url);
  if (catalog) return START_SCREEN_NAMESPACES.includes(catalog.namespace);
  return shellScripts.has(url);
}

/**
 * Collects the shell's scripts when the bundle is generated, for the service worker's install
 * list (vite-plugin-pwa's manifestTransforms run after, when the bundle is written).
 */
export function appShell(): Plugin & { shellScripts: Set<string> } {
  const shellScripts = new Set<string>();
  return {
    name: 'dealboard:app-shell',
    apply: 'build',
    shellScripts,
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      shellScripts.clear();
      for (const file of listShellScripts(chunks)) shellScripts.add(file);
      // Read by the server (server/web-app.ts), which hints them in the page of an /app address.
      this.emitFile({ type: 'asset', fileName: PRELOAD_HINTS_FILE, source: JSON.stringify(listPreloadHints(chunks)) });
      if (process.env.DEBUG_APP_SHELL) console.info([...shellScripts].sort().join('\n'));
    },
  };
}

/**
 * The app's files in the page itself (decision 090): the entry imports the app (web/main.tsx) only
 * once the page has painted, so Vite's own preloads name the entry's few imports alone; these
 * `modulepreload` links name the app's chunk and every chunk it imports statically, so the browser
 * asks for them with the page, as it did when the app was the entry.
 */
export function listAppPreloads(chunks: readonly ShellChunk[], entry: ShellChunk): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const app = findAppChunk(chunks);
  if (!app) throw new Error(`app preloads: no chunk for ${APP_MODULE} (moved? update APP_MODULE)`);
  const byEntry = withStaticImports(byFile, [entry]);
  return [...withStaticImports(byFile, [entry, app])].filter((file) => !byEntry.has(file));
}

/** The app's own chunk (APP_MODULE), if the bundle has it. */
function findAppChunk(chunks: readonly ShellChunk[]): ShellChunk | undefined {
  return chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${APP_MODULE}`));
}

/** Chunks and every chunk they import statically: what loads before they run. */
function withStaticImports(byFile: ReadonlyMap<string, ShellChunk>, roots: readonly ShellChunk[]): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root.fileName);
  return seen;
}

export function preloadApp(): Plugin {
  return {
    name: 'dealboard:preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle || !context.chunk) return [];
        const chunks = Object.values(context.bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        return listAppPreloads(chunks, context.chunk).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
