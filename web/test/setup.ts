import '@testing-library/jest-dom/vitest';
// Every log is kept on the device first (IndexedDB, decision 054); jsdom has none.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { setI18n } from 'react-i18next';
import { afterEach, vi } from 'vitest';
import { i18n, i18nReady, loadNamespaces, NAMESPACES, SUPPORTED_LANGUAGES } from '@web/i18n';
import { toast } from '@web/components/ui/toaster';
import { forgetMemberOnDevice } from '@web/lib/auth/device-member';

/*
 * The web files share their worker's window and modules (isolate: false in vitest.config.ts: a
 * fresh jsdom and React for every file took most of the stage). This file runs before each test
 * file, so each starts from what a new window would hold: no storage, English, a bare document at
 * '/', real timers and globals, and no log left waiting on the device by the file before.
 */
// findBy… and waitFor wait as a person waits for what follows a click (a request answered, a
// screen drawn, a toast), not testing-library's 1 s: on a loaded 2-core machine a toast after a
// stubbed request took longer, and the check failed with the toast on its way. A passing check
// still returns as soon as the thing is there.
configure({ asyncUtilTimeout: 5_000 });
vi.useRealTimers();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
vi.restoreAllMocks();
window.localStorage.clear();
window.sessionStorage.clear();
window.history.replaceState(null, '', '/');
document.head.innerHTML = '';
document.body.innerHTML = '';
for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
await clearOfflineQueue();
// Sonner keeps its toasts in a module-level store and replays them to the next Toaster that mounts.
toast.dismiss();

/** Empties the phone's queue of logs (web/features/activity/lib/offline-queue.ts) where an earlier file left one. */
async function clearOfflineQueue(): Promise<void> {
  const names = (await indexedDB.databases()).map((database) => database.name);
  if (!names.includes('dealboard-offline')) return;
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open('dealboard-offline');
    request.onerror = () => reject(request.error ?? new Error('could not open the offline queue'));
    request.onsuccess = () => {
      const database = request.result;
      if (!database.objectStoreNames.contains('pending')) {
        database.close();
        resolve();
        return;
      }
      const transaction = database.transaction('pending', 'readwrite');
      transaction.objectStore('pending').clear();
      transaction.oncomplete = () => {
        database.close();
        resolve();
      };
      transaction.onerror = () => reject(transaction.error ?? new Error('could not empty the offline queue'));
    };
  });
}

// The app loads its translations on demand (one language, each namespace with the route that
// needs it); the tests render any component in either language at once, so all are loaded first.
await i18nReady;
await loadNamespaces(NAMESPACES);
await i18n.loadLanguages([...SUPPORTED_LANGUAGES]);
// A new window speaks the browser's language (jsdom's is English) until a file changes it.
if (i18n.language !== 'en') await i18n.changeLanguage('en');
// react-i18next's hooks read the instance last bound to it: the public site binds its own
// (web/site/i18n.ts), and a file before this one may have loaded it.
setI18n(i18n);

// jsdom has no layout. Radix (select, switch, popover) and cmdk call these to measure, scroll an
// item into view or check pointer capture: harmless stand-ins, once for every test.
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  cleanup();
  // The member kept for opening offline is one test's, not the next's.
  forgetMemberOnDevice();
});
