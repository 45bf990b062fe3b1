import { i18n, normalizeLanguage } from '@web/i18n';

/**
 * Registers the app's service worker (web/sw/sw.ts, built to /sw.js; decisions 054 and 068) in a
 * built app, naming the reader's language: the worker installs the shell's words in it only, and a
 * change of language registers it again for the new one. The dev server has none: its modules are
 * not hashed files a worker could keep. A wall TV (/tv) has none either: it is not installed or
 * used offline, and its live stream and reconnecting must meet the network directly, not a worker
 * in between.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (window.location.pathname === '/tv' || window.location.pathname.startsWith('/tv/')) return;
  const register = () => {
    navigator.serviceWorker.register(serviceWorkerUrl(i18n.language), { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  };
  const start = () => {
    register();
    i18n.on('languageChanged', register);
  };
  // After the page's own load (the worker's install does not compete with it). The app is imported
  // by the page's entry (web/entry.ts) and may run after that load already.
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The worker's address for a reader of this language. */
export function serviceWorkerUrl(language: string | undefined): string {
  return `/sw.js?lang=${normalizeLanguage(language)}`;
}
