import type { Plugin } from 'vite';
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
      if (process.env.DEBUG_APP_SHELL) console.info([...shellScripts].sort().join('\n'));
    },
  };
}
