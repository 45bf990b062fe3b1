/**
 * Registers the app's service worker (web/sw/sw.ts, built to /sw.js; decision 054) in a built app.
 * The dev server has none: its modules are not hashed files a worker could keep. A wall TV (/tv)
 * has none either: it is not installed or used offline, and its live stream and reconnecting must
 * meet the network directly, not a worker in between.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (window.location.pathname === '/tv' || window.location.pathname.startsWith('/tv/')) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  });
}
