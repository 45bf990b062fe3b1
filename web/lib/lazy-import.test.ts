import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importOrReload, isChunkLoadError, pageReload } from './lazy-import';

/** What Chromium throws when a chunk of the old build is gone from the server. */
const goneChunk = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: https://dealboard.example/assets/weekly-page-Abc123.js'));

/** Lets the promise settle (or not) and says which. */
async function settle(promise: Promise<unknown>): Promise<string> {
  return Promise.race([
    promise.then(
      () => 'resolved',
      (error: Error) => `rejected: ${error.message}`,
    ),
    new Promise<string>((r) => setTimeout(() => r('pending'), 20)),
  ]);
}

let reload: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  window.sessionStorage.clear();
  reload = vi.fn<() => void>();
  vi.spyOn(pageReload, 'reload').mockImplementation(reload);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('a chunk that is gone after a deploy', () => {
  it('reloads the page once and leaves the screen as it is meanwhile', async () => {
    await expect(settle(importOrReload(goneChunk))).resolves.toBe('pending');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('still failing right after that reload: no second reload, the error goes to the error screen', async () => {
    await settle(importOrReload(goneChunk));
    await expect(settle(importOrReload(goneChunk))).resolves.toMatch(/^rejected: Failed to fetch dynamically imported module/);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('failing again long after (the next deploy): reloads again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await settle(importOrReload(goneChunk));
    vi.setSystemTime(Date.now() + 60_000);
    await settle(importOrReload(goneChunk));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('offline: no reload (it would show the browser offline page), the error screen says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(settle(importOrReload(goneChunk))).resolves.toMatch(/^rejected/);
    expect(reload).not.toHaveBeenCalled();
  });

  it('any other error is thrown as it is, without a reload', async () => {
    await expect(settle(importOrReload(() => Promise.reject(new Error('Kaboom in the module'))))).resolves.toBe(
      'rejected: Kaboom in the module',
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it("knows the browsers' words for a module that could not be fetched", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true); // Chromium
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: /assets/x.js'))).toBe(true); // Firefox
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true); // Vite
    expect(isChunkLoadError(new Error('Network request failed'))).toBe(false);
  });
});
