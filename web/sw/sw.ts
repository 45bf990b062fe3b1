import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { installPushHandlers } from './push';

/*
 * The app's service worker (decision 054): it keeps the app shell (index.html and the hashed
 * assets the build lists in __WB_MANIFEST) so the installed app opens without a connection.
 *
 * - Navigations inside the app (/app/*) go to the network first, so a deploy is picked up at once;
 *   offline they are answered with the last app page seen, else the precached shell.
 * - Nothing else is answered by the worker: /api (data is never cached here; the offline queue
 *   lives in IndexedDB), the public site (/, /landing, /auth: pre-rendered pages with the visitor's
 *   language), the TV (/tv) and the display links pass straight to the network.
 */

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

const shell = createHandlerBoundToURL('/index.html');
const appPages = new NetworkFirst({ cacheName: 'app-pages', networkTimeoutSeconds: 4 });

registerRoute(
  new NavigationRoute(
    async (options) => {
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
