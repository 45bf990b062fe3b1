import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { directImports } from './scripts/app-shell/direct-imports';
import { startGroups } from './scripts/app-shell/start-groups';
import { appShell, isShellFile, preloadApp } from './scripts/app-shell/vite-plugin';
import { precompress } from './scripts/precompress/vite-plugin';
import { startFrame } from './scripts/start-frame/vite-plugin';
import { publicSite } from './scripts/public-site/vite-plugin';
import { bootScripts } from './scripts/theme-boot/vite-plugin';

const API_PORT = Number(process.env.API_PORT ?? 3001);

/**
 * The shape of the API's answers at build time: a hash of core/contracts. The app's kept query
 * cache (decision 082) carries it, so a deploy that changes an answer's shape starts empty.
 */
function hashContracts(): string {
  const dir = resolve(import.meta.dirname, 'core/contracts');
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).sort())
    if (name.endsWith('.ts') && !name.endsWith('.test.ts')) hash.update(readFileSync(resolve(dir, name)));
  return hash.digest('hex').slice(0, 12);
}
const CORE = resolve(import.meta.dirname, 'core');

/**
 * core/ is pure domain code (docs/architecture.md): importing a module runs nothing but its
 * declarations. Saying so lets the bundler drop the contracts a screen does not use when it
 * imports one schema from the '@core/contracts' barrel (decision 026).
 */
const coreHasNoSideEffects: Plugin = {
  name: 'dealboard:core-has-no-side-effects',
  transform(code, id) {
    if (id.startsWith(`${CORE}/`)) return { code, map: null, moduleSideEffects: false };
  },
};

/** recharts and the libraries only it uses: one chunk, loaded by the screens that draw a chart. */
const CHART_LIBRARIES =
  /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|decimal\.js-light|es-toolkit|eventemitter3|immer|react-redux|reselect|@reduxjs|redux|redux-thunk|tiny-invariant)[\\/]/;
/** Our components and the primitives, icons and toasts under them. */
const INTERFACE_KIT =
  /[\\/]web[\\/]components[\\/]|node_modules[\\/](lucide-react|@radix-ui|radix-ui|@floating-ui|cmdk|sonner|class-variance-authority|tailwind-merge|react-remove-scroll[a-z-]*|aria-hidden|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|detect-node-es|tslib)[\\/]/;
/**
 * The kit's menus and pickers (select, dropdown menu, tabs, switch, popover, the command list), our
 * components made of them, and the Radix parts only they use: a group of their own, so a screen that shows none of them (the
 * phone's quick log, decision 085) does not download them with the rest of the kit.
 */
const MENUS_AND_PICKERS =
  /[\\/]web[\\/]components[\\/](ui[\\/](select|select-styles|options-select|lazy-select|dropdown-menu|tabs|switch|popover)|rank-by-select|labelled-switch|export-menu-dropdown|team-filter|language-select|time-zone-picker-popover)\.tsx?$|node_modules[\\/](@radix-ui[\\/]react-(select|menu|dropdown-menu|collection|roving-focus|tabs|switch|popover))[\\/]/;
/**
 * Dialogs and sheets (Radix's dialog and alert dialog, the scroll lock and the command
 * list, our confirmation dialog): none shows until a person opens one, and the shell's
 * own (the command palette, the shortcuts, the phone's menu) load when opened. A group of their own, so they are not merged into
 * the first screen's chunks (decision 085).
 */
const DIALOGS =
  /[\\/]web[\\/]components[\\/](ui[\\/](dialog|sheet)|confirm-dialog)\.tsx$|[\\/]web[\\/]app[\\/]shell[\\/](shortcuts-dialog|command-palette-dialog|mobile-nav)\.tsx$|node_modules[\\/](@radix-ui[\\/]react-(dialog|alert-dialog|focus-guards)|react-remove-scroll[a-z-]*|aria-hidden|use-sidecar|react-style-singleton|use-callback-ref|get-nonce|detect-node-es|cmdk)[\\/]/;
/**
 * The contracts' schemas and zod, apart from the client library: a screen that validates nothing
 * on its first render (the quick log) starts without them. Their plain values (constants.ts) and
 * the words of their refusals (messages/) have no zod and stay with the library.
 */
const CONTRACTS =
  /[\\/]core[\\/]contracts[\\/](?!constants\.ts$|messages[\\/])|[\\/]web[\\/]lib[\\/]contracts\.ts$|node_modules[\\/]zod[\\/]/;
/** The client's own library: web/lib, every feature's API calls and core (contracts, domain rules). */
const CLIENT_LIBRARY = /[\\/](web[\\/]lib|web[\\/]features[\\/][^\\/]+[\\/]api|core)[\\/]/;

/**
 * The installable app (decision 054): the web app manifest, and the service worker built from our
 * own source (web/sw/sw.ts) with the app shell's files listed in it. Served at /sw.js.
 */
function installableApp(shell: ReturnType<typeof appShell>) {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/app/quick-log',
      name: 'Dealboard',
      short_name: 'Dealboard',
      description: 'Log calls, meetings and sales in a tap, and watch the live leaderboards.',
      lang: 'en',
      start_url: '/app/quick-log',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      background_color: '#ffffff',
      theme_color: '#0b1e33',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The app shell: the SPA's page, scripts, styles, fonts and icons. Not the public site's
      // pre-rendered pages (site/, assets/site-*), the landing page's pictures, the password
      // checker's dictionaries (1.6 MB, only for changing a password) or fonts for other scripts.
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'favicon.svg', 'icons/*.png'],
      globIgnores: ['assets/site-*', 'assets/assess-password-*', 'assets/inter-{cyrillic,greek,vietnamese}*'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      // Of the scripts, only the shell's and the start screens' (decision 068): the rest is kept
      // once used, so a first visit on a phone does not download every screen of the app.
      manifestTransforms: [
        (entries) => ({ manifest: entries.filter((entry) => isShellFile(entry.url, shell.shellScripts)), warnings: [] }),
      ],
    },
  });
}

const shell = appShell();
const start = startGroups(import.meta.dirname);

export default defineConfig({
  root: resolve(import.meta.dirname, 'web'),
  publicDir: resolve(import.meta.dirname, 'web/public'),
  // publicSite: the landing and public pages, pre-rendered to static HTML (docs/decisions/010).
  // startFrame: quick log's and the dashboard's first frames in every language, which the server fills in for the member who asks (decision 092).
  // bootScripts: the app page's theme before its first paint (decision 056), and its start screen's copy (decision 090).
  // precompress: .gz and .br beside every hashed asset, served as they are (decision 063).
  // preloadApp: the app's files preloaded by its page, though its entry imports it once the page has painted (decision 090).
  plugins: [
    directImports(),
    react(),
    tailwindcss(),
    publicSite(),
    startFrame(),
    bootScripts(),
    coreHasNoSideEffects,
    start.plugin,
    shell,
    preloadApp(),
    installableApp(shell),
    precompress(),
  ],
  define: { 'import.meta.env.VITE_CONTRACTS_VERSION': JSON.stringify(hashContracts()) },
  resolve: {
    alias: [
      // The app's contracts: core's, with zod's refusals in the screen's language (web/lib/contracts.ts).
      { find: /^@core\/contracts$/, replacement: resolve(import.meta.dirname, 'web/lib/contracts.ts') },
      { find: '@core', replacement: resolve(import.meta.dirname, 'core') },
      { find: '@web', replacement: resolve(import.meta.dirname, 'web') },
    ],
  },
  build: {
    outDir: resolve(import.meta.dirname, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks (decision 068). Rolldown's automatic splitting made a chunk for every
        // set of screens sharing a module: 309 files, 130 of them for the dashboard, each a request
        // (a round trip on a phone's network, and work for the browser and the server). Grouped:
        // the charts (recharts and its own libraries), the interface kit and the client library
        // that most screens share, and what is left merged into its neighbours when small.
        // Grouping moves modules out of the order their importers expect, so execution order is
        // kept by rolldown's wrappers (strictExecutionOrder), and a group takes only the modules it
        // names, not their dependencies (react stays in the entry).
        strictExecutionOrder: true,
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            // What the first screens import statically, as they need it (scripts/app-shell/start-groups.ts).
            ...start.groups,
            { name: 'charts', test: CHART_LIBRARIES, priority: 90 },
            // Shared by five screens or more: fewer shares stay with their screens (a rep's
            // quick log should not download the admin pages' tables).
            { name: 'menus', test: MENUS_AND_PICKERS, minShareCount: 5, priority: 60 },
            { name: 'dialogs', test: DIALOGS, minShareCount: 2, priority: 58 },
            { name: 'contracts', test: CONTRACTS, minShareCount: 5, priority: 55 },
            { name: 'ui', test: INTERFACE_KIT, minShareCount: 5, priority: 50 },
            // Logging's own logic (the offline queue, the log rules, the toasts and its API calls),
            // which every logging screen and the shell share, apart from its dialogs.
            { name: 'logging', test: /[\\/]web[\\/]features[\\/]activity[\\/](lib|api)[\\/]/, minShareCount: 2, priority: 45 },
            { name: 'lib', test: CLIENT_LIBRARY, minShareCount: 5, priority: 40 },
            {
              name: 'shared',
              // The catalogs stay one file per language and namespace (a reader loads one language).
              test: (id: string) => !/[\\/]locales[\\/]/.test(id),
              minShareCount: 2,
              entriesAware: true,
              // Not merged into a neighbour when small (decision 085): a merged chunk brought its
              // neighbour's modules (a dialog, the schemas) to screens that import neither.
              entriesAwareMergeThreshold: 0,
            },
          ],
        },
        // The translation catalogs load one per language and namespace (web/i18n, decision 026);
        // name them so (common.en-*.js), not two files called common-*.js.
        chunkFileNames: (chunk) => {
          const catalog = /[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
          if (catalog) return `assets/${catalog[2]}.${catalog[1]}-[hash].js`;
          // A merged group's name lists every screen that shares it (shared~a~b~c…): too long for a file.
          return chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      '/api': { target: `http://localhost:${API_PORT}`, changeOrigin: false },
      '/dev/mailbox': { target: `http://localhost:${API_PORT}` },
    },
  },
});
