import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { START_FRAME_HEADER } from '../../core/start-snapshot';
import { selectForLanguage } from './catalog-files';
import { installPushHandlers } from './push';

/*
 * The app's service worker (decisions 054 and 068): it installs the app shell, so the installed
 * app opens without a connection, and keeps every other screen's files once they are used.
 *
 * - Installed: index.html, styles, fonts, icons, the shell's scripts and the start screens (quick
 *   log, dashboard, My Activity), and their words in the reader's language only (the page names
 *   it when it registers the worker: /sw.js?lang=nb; another language is another install). The
 *   build lists them in __WB_MANIFEST (scripts/app-shell/vite-plugin.ts chooses).
 * - Any other of the app's hashed files (/assets/*: another screen, another language) is kept the
 *   first time it is fetched and answered from the worker after that.
 * - Quick log (/app/quick-log, the installed app's start screen) is answered with the installed
 *   shell, never the network (decision 093): the start that matters most waits for no round trip.
 * - Other navigations inside the app (/app/*) go to the network first, so a deploy is picked up at
 *   once; offline they are answered with the last app page seen (never one with a member's first
 *   frame), else the installed shell.
 * - Nothing else is answered by the worker: /api (data is never cached here; the offline queue
 *   lives in IndexedDB), the public site (/, /landing, /auth: pre-rendered pages with the visitor's
 *   language), the TV (/tv) and the display links pass straight to the network.
 */

declare const self: ServiceWorkerGlobalScope;

const language = new URL(self.location.href).searchParams.get('lang') ?? 'en';
precacheAndRoute(selectForLanguage(self.__WB_MANIFEST, language), { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

// Hashed names never change content: the first copy is the copy. Old builds' files age out.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/assets/site-'),
  new CacheFirst({
    cacheName: 'app-assets',
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);

const shell = createHandlerBoundToURL('/index.html');
const QUICK_LOG_PATH = '/app/quick-log';
// A page carrying a member's first frame (decision 092) is not kept: the next person on this phone
// could open it offline. Offline, quick log and the dashboard open from the installed shell.
const appPages = new NetworkFirst({
  cacheName: 'app-pages',
  networkTimeoutSeconds: 4,
  plugins: [
    { cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.headers.has(START_FRAME_HEADER) ? response : null) },
  ],
});

registerRoute(
  new NavigationRoute(
    async (options) => {
      // Quick log, the installed app's start screen, opens from the installed shell at once: no
      // round trip before the first paint, and this phone's copy of the screen (decision 090)
      // paints from it. A deploy reaches it on the next start (the worker updates meanwhile).
      if (options.url.pathname === QUICK_LOG_PATH) return shell(options);
      try {
        return await appPages.handle(options);
      } catch {
        return shell(options);
      }
    },
    { allowlist: [/^\/app(\/|$)/] },
  ),
);

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

installPushHandlers(self);
