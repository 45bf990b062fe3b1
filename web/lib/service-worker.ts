/**
 * Registers the app's service worker (web/sw/sw.ts, built to /sw.js; decision 054) in a built app.
 * The dev server has none: its modules are not hashed files a worker could keep.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
    });
  });
}
