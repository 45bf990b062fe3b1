/*
 * Code that loads on demand (routes, dialogs, the translation catalogs: decision 026) can fail to
 * load when the app was redeployed while a tab was open: the old chunks are gone from the server.
 * The remedy is the new index.html, so the first such failure reloads the page once; if loading
 * still fails right after that reload (or the browser is offline), the error reaches the error
 * screen, which offers the reload itself (ErrorFallback, the `chunk` texts).
 */

const RELOADED_AT_KEY = 'dealboard.chunk-reload-at';
/** A failure this soon after our own reload is not a stale tab: do not reload again. */
const RELOAD_WINDOW_MS = 30_000;

/**
 * The browsers' words for "this module could not be fetched": Chromium "Failed to fetch dynamically
 * imported module", Firefox "error loading dynamically imported module", Safari "Importing a module
 * script failed", and Vite's preload helper "Unable to preload CSS".
 */
const CHUNK_ERROR = /dynamically imported module|importing a module script failed|unable to preload css/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** For tests: how the page is reloaded. */
export const pageReload = { reload: () => window.location.reload() };

/** Reloads the page unless it already did so a moment ago, or the browser is offline. True when reloading. */
export function reloadOnceForChunkError(): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  try {
    const last = Number(window.sessionStorage.getItem(RELOADED_AT_KEY) ?? 0);
    if (Date.now() - last < RELOAD_WINDOW_MS) return false;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
  } catch {
    return false; // no storage: cannot tell a loop from a first failure, so let the error screen ask
  }
  pageReload.reload();
  return true;
}

/**
 * `load()`, but a chunk that cannot be fetched reloads the page once (the promise then never settles,
 * so nothing renders half-way while the page goes); any other error, or a second failure, is thrown.
 */
export async function importOrReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error) && reloadOnceForChunkError()) return new Promise<T>(() => {});
    throw error;
  }
}
