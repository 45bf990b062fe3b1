import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_QUIET_MS, START_WAIT_MAX_MS, serviceWorkerUrl, whenStartSettled } from './service-worker';

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
  FakeResourceObserver.current = null;
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

  it('gives up waiting on a page that never quiets', async () => {
    const settled = whenStartSettled(() => true, Date.now);
    expect(await settledAfter(settled, START_WAIT_MAX_MS - 500)).toBe(false);
    expect(await settledAfter(settled, 1_000)).toBe(true);
  });
});

describe('serviceWorkerUrl', () => {
  it('names the reader’s language', () => {
    expect(serviceWorkerUrl('nb')).toBe('/sw.js?lang=nb');
  });
});
