import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { i18n } from '@web/i18n';
import {
  registerServiceWorker,
  START_QUIET_MS,
  START_WAIT_MAX_MS,
  serviceWorkerUrl,
  whenStartSettled,
  whenWorkerRegistered,
} from './service-worker';

/*
 * The worker is registered once the page's start is over (decision 091): its install must not take
 * a phone's connection from the first screen's files and answers.
 */

/** A stand-in for the browser's resource timing observer: `arrive()` is a file or answer coming in. */
class FakeResourceObserver {
  static current: FakeResourceObserver | null = null;
  observing = false;
  constructor(private readonly onEntries: () => void) {
    FakeResourceObserver.current = this;
  }
  observe() {
    this.observing = true;
  }
  disconnect() {
    this.observing = false;
  }
  arrive() {
    if (this.observing) this.onEntries();
  }
}

async function settledAfter(settled: Promise<void>, ms: number): Promise<boolean> {
  let done = false;
  void settled.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(ms);
  return done;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('PerformanceObserver', FakeResourceObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  FakeResourceObserver.current = null;
  window.history.replaceState(null, '', '/');
});

describe('whenStartSettled', () => {
  it('waits for a quiet moment after the page has loaded, not for the load event alone', async () => {
    const settled = whenStartSettled(() => false, Date.now);
    expect(await settledAfter(settled, START_QUIET_MS - 300)).toBe(false);
    expect(await settledAfter(settled, 600)).toBe(true);
    expect(FakeResourceObserver.current?.observing).toBe(false);
  });

  it('waits while the first screen still asks for answers', async () => {
    let asking = true;
    const settled = whenStartSettled(() => asking, Date.now);
    expect(await settledAfter(settled, 5_000)).toBe(false);
    asking = false;
    expect(await settledAfter(settled, START_QUIET_MS - 300)).toBe(false);
    expect(await settledAfter(settled, 600)).toBe(true);
  });

  it('waits while files keep arriving (the screen code, words, font)', async () => {
    const settled = whenStartSettled(() => false, Date.now);
    for (let i = 0; i < 8; i++) {
      expect(await settledAfter(settled, START_QUIET_MS / 2)).toBe(false);
      FakeResourceObserver.current!.arrive();
    }
    expect(await settledAfter(settled, START_QUIET_MS + 300)).toBe(true);
  });

  it('waits for the page to load and for its fonts', async () => {
    let readyState: DocumentReadyState = 'loading';
    let fonts = 'loading';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
    Object.defineProperty(document, 'fonts', { configurable: true, get: () => ({ status: fonts }) });
    try {
      const settled = whenStartSettled(() => false, Date.now);
      expect(await settledAfter(settled, 5_000)).toBe(false);
      readyState = 'complete';
      expect(await settledAfter(settled, 5_000)).toBe(false);
      fonts = 'loaded';
      expect(await settledAfter(settled, START_QUIET_MS + 300)).toBe(true);
    } finally {
      vi.restoreAllMocks();
      delete (document as { fonts?: unknown }).fonts;
    }
  });

  it('gives up waiting on a page that never quiets', async () => {
    const settled = whenStartSettled(() => true, Date.now);
    expect(await settledAfter(settled, START_WAIT_MAX_MS - 500)).toBe(false);
    expect(await settledAfter(settled, 1_000)).toBe(true);
  });
});

describe('registerServiceWorker', () => {
  const fakeWorkers = () => {
    const registration = { scope: '/' } as unknown as ServiceWorkerRegistration;
    const register = vi.fn(async () => registration);
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
    vi.stubEnv('PROD', true);
    return { registration, register };
  };

  it('registers none on a wall TV', async () => {
    const { register } = fakeWorkers();
    window.history.replaceState(null, '', '/tv');
    registerServiceWorker();
    await vi.advanceTimersByTimeAsync(START_WAIT_MAX_MS + 1_000);
    expect(register).not.toHaveBeenCalled();
    expect(await whenWorkerRegistered()).toBeNull();
  });

  it('registers the worker in the reader’s language once the start is over, and says so', async () => {
    const { registration, register } = fakeWorkers();
    let busy = true;
    const stop = registerServiceWorker(() => busy);
    onTestFinished(stop);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(register).not.toHaveBeenCalled();
    busy = false;
    await vi.advanceTimersByTimeAsync(START_QUIET_MS + 300);
    expect(register).toHaveBeenCalledWith('/sw.js?lang=en', { scope: '/' });
    expect(await whenWorkerRegistered()).toBe(registration);
    // A change of language registers it again, for the new language's words.
    await i18n.changeLanguage('nb');
    expect(register).toHaveBeenLastCalledWith('/sw.js?lang=nb', { scope: '/' });
    // Stopped, the page's listener is gone: the next file's language changes register nothing.
    stop();
    await i18n.changeLanguage('en');
    expect(register).toHaveBeenCalledTimes(2);
  });
});

describe('serviceWorkerUrl', () => {
  it('names the reader’s language', () => {
    expect(serviceWorkerUrl('nb')).toBe('/sw.js?lang=nb');
  });
});
