import { i18n, normalizeLanguage } from '@web/i18n';

/**
 * Registers the app's service worker (web/sw/sw.ts, built to /sw.js; decisions 054 and 068) in a
 * built app, naming the reader's language: the worker installs the shell's words in it only, and a
 * change of language registers it again for the new one. The dev server has none: its modules are
 * not hashed files a worker could keep. A wall TV (/tv) has none either: it is not installed or
 * used offline, and its live stream and reconnecting must meet the network directly, not a worker
 * in between.
 */
export function registerServiceWorker(isPageBusy: () => boolean = () => false): () => void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return () => {};
  if (window.location.pathname === '/tv' || window.location.pathname.startsWith('/tv/')) return () => {};
  const register = async () => {
    try {
      return await navigator.serviceWorker.register(serviceWorkerUrl(i18n.language), { scope: '/' });
    } catch (error) {
      console.warn('The service worker could not be registered', error);
      return null;
    }
  };
  const registerAgain = () => void register();
  let stopped = false;
  // Once the page's start is over (decision 091): the worker's install (the shell's files) must not
  // compete with the first screen's code, words, answers and font on a phone's connection.
  registration = whenStartSettled(isPageBusy)
    .catch(() => undefined)
    .then(() => {
      if (stopped) return null;
      i18n.on('languageChanged', registerAgain);
      return register();
    });
  // The page never stops it; a test does (the language listener and the registration would outlive it).
  return () => {
    stopped = true;
    i18n.off('languageChanged', registerAgain);
    registration = Promise.resolve(null);
  };
}

/** The page's registration of the worker: none until registerServiceWorker schedules one. */
let registration: Promise<ServiceWorkerRegistration | null> = Promise.resolve(null);

/**
 * The app's worker registration once this page has registered it (a first visit registers it a
 * moment after the start, decision 091), or null when this page registers none (the dev server, a
 * wall TV, a browser without workers, a refused registration).
 */
export function whenWorkerRegistered(): Promise<ServiceWorkerRegistration | null> {
  return registration;
}

/** How long the page's start must have been quiet, and the longest it is waited for. */
export const START_QUIET_MS = 1_000;
export const START_WAIT_MAX_MS = 20_000;
const CHECK_EVERY_MS = 250;

/**
 * Resolves when the page has loaded and then been quiet for START_QUIET_MS: no file or answer
 * finished arriving, the fonts in use are in, and `isPageBusy` (the app's queries in flight) says
 * no. A page that never quiets (a board that asks every few seconds) still resolves after
 * START_WAIT_MAX_MS. The app may run after the load event already (web/entry.ts).
 */
export function whenStartSettled(isPageBusy: () => boolean, now: () => number = () => performance.now()): Promise<void> {
  return new Promise((resolve) => {
    const begun = now();
    let lastActivity = begun;
    const observer = observeResources(() => (lastActivity = now()));
    const check = () => {
      const fontsLoading = document.fonts?.status === 'loading';
      if (document.readyState !== 'complete' || isPageBusy() || fontsLoading) lastActivity = now();
      if (now() - lastActivity >= START_QUIET_MS || now() - begun >= START_WAIT_MAX_MS) {
        observer?.disconnect();
        resolve();
      } else setTimeout(check, CHECK_EVERY_MS);
    };
    setTimeout(check, CHECK_EVERY_MS);
  });
}

/** The worker's address for a reader of this language. */
export function serviceWorkerUrl(language: string | undefined): string {
  return `/sw.js?lang=${normalizeLanguage(language)}`;
}

/** Calls `onEntry` as each file or answer finishes arriving, where the browser can tell (null if not). */
function observeResources(onEntry: () => void): PerformanceObserver | null {
  try {
    if (typeof PerformanceObserver !== 'function') return null;
    const observer = new PerformanceObserver(onEntry);
    observer.observe({ type: 'resource' });
    return observer;
  } catch {
    return null; // a browser without resource timing: the load event, the fonts and the queries still count
  }
}
