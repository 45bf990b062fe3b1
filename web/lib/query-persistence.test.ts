import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  computeCacheBuster,
  confirmCacheOwner,
  devicePersister,
  forgetPersistedQueries,
  isKeptAnswer,
  startRestoringQueries,
  trackTabQueries,
} from './query-persistence';
import { queryKeys } from './query-keys';

/* The device's kept boards (decision 082), in IndexedDB (fake-indexeddb in jsdom). */

function keptClient({ name = 'Ola Hansen', at = Date.now() }: { name?: string; at?: number } = {}): PersistedClient {
  return {
    timestamp: Date.now(),
    buster: '',
    clientState: {
      mutations: [],
      queries: [
        {
          queryKey: ['scoreboard', 'leaderboard', { period: 'today' }],
          queryHash: '["scoreboard","leaderboard",{"period":"today"}]',
          dehydratedAt: Date.now(),
          state: {
            data: { rows: [{ name }] },
            dataUpdateCount: 1,
            dataUpdatedAt: at,
            error: null,
            errorUpdateCount: 0,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
            status: 'success',
            fetchStatus: 'idle',
          },
        },
      ],
    },
  };
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(async () => {
  setVisibility('visible');
  await forgetPersistedQueries();
  confirmCacheOwner(null);
});

/** A cache kept for user-1 and written (the page hidden): what a later start reads back. */
async function keepForUserOne() {
  confirmCacheOwner('user-1');
  await devicePersister.persistClient(keptClient());
  setVisibility('hidden');
  await expect.poll(() => devicePersister.restoreClient(), { timeout: 300, interval: 20 }).toBeDefined();
}

/** Written as a page put away writes it (at once), and read back from the store. */
async function writeNow(client: PersistedClient) {
  await devicePersister.persistClient(client);
  setVisibility('hidden');
  await expect.poll(() => devicePersister.restoreClient(), { timeout: 300, interval: 20 }).toBeDefined();
  setVisibility('visible');
}

/** The answers the store holds once the write under way is in. */
function expectKeptHashes() {
  return expect.poll(async () => (await devicePersister.restoreClient())?.clientState.queries.map((q) => q.queryHash).sort(), {
    timeout: 300,
    interval: 20,
  });
}

describe('the device persister', () => {
  it('saves a second after the cache changes, under its member', async () => {
    confirmCacheOwner('user-1');
    await devicePersister.persistClient(keptClient());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await devicePersister.restoreClient()).toBeUndefined();
    await expect.poll(() => devicePersister.restoreClient(), { timeout: 2_000 }).toMatchObject({ buster: computeCacheBuster('user-1') });
  });

  it('saves at once when the app is put away, before the second is up', async () => {
    confirmCacheOwner('user-1');
    await devicePersister.persistClient(keptClient());
    setVisibility('hidden');
    // Well inside the second: the write is the one the hidden page started.
    await expect
      .poll(() => devicePersister.restoreClient(), { timeout: 300, interval: 20 })
      .toMatchObject({
        clientState: { queries: [{ state: { data: { rows: [{ name: 'Ola Hansen' }] } } }] },
      });
  });

  it("keeps the newer of two tabs' answers: a tab that saves later does not put back what it saw before", async () => {
    confirmCacheOwner('user-1');
    const now = Date.now();
    // Another tab of the same member saw the board a minute ago and this tab saw it now, but the
    // other tab's cache changes last (a live event refreshed another of its answers) and saves.
    await writeNow(keptClient({ name: 'Kari Nordmann', at: now }));
    const olderTab = keptClient({ name: 'Ola Hansen', at: now - 60_000 });
    olderTab.clientState.queries.push({ ...keptClient().clientState.queries[0]!, queryKey: ['feed'], queryHash: '["feed"]' });
    await devicePersister.persistClient(olderTab);
    setVisibility('hidden');
    await expectKeptHashes().toContain('["feed"]');
    const kept = await devicePersister.restoreClient();
    expect(kept?.clientState.queries.find((q) => q.queryHash.startsWith('["scoreboard"'))?.state.data).toEqual({
      rows: [{ name: 'Kari Nordmann' }],
    });
  });

  it("keeps another tab's answers this tab has not asked, for a day", async () => {
    confirmCacheOwner('user-1');
    const now = Date.now();
    const otherTab = keptClient({ at: now });
    otherTab.clientState.queries.push({
      ...keptClient({ at: now - 25 * 60 * 60 * 1000 }).clientState.queries[0]!,
      queryKey: ['last-week'],
      queryHash: '["last-week"]',
    });
    await writeNow(otherTab);
    const thisTab = keptClient({ at: now });
    thisTab.clientState.queries = [{ ...thisTab.clientState.queries[0]!, queryKey: ['feed'], queryHash: '["feed"]' }];
    await devicePersister.persistClient(thisTab);
    setVisibility('hidden');
    await expectKeptHashes().toEqual(['["feed"]', '["scoreboard","leaderboard",{"period":"today"}]']);
  });

  it('does not bring back what this tab has let go: an answer refused now, or dropped after it was kept', async () => {
    confirmCacheOwner('user-1');
    const now = Date.now();
    const kept = keptClient({ at: now - 60_000 });
    kept.clientState.queries.push({ ...kept.clientState.queries[0]!, queryKey: ['targets'], queryHash: '["targets"]' });
    kept.clientState.queries.push({ ...kept.clientState.queries[0]!, queryKey: ['feed'], queryHash: '["feed"]' });
    await writeNow(kept);

    // This tab: the board is refused now (an admin no longer), the targets were dropped since; the feed is another tab's.
    const tab = new QueryClient();
    const stop = trackTabQueries(tab.getQueryCache());
    try {
      await tab.prefetchQuery({
        queryKey: ['scoreboard', 'leaderboard', { period: 'today' }],
        queryFn: () => Promise.reject(new Error('403')),
        retry: false,
      });
      tab.setQueryData(['targets'], { goals: [] });
      tab.removeQueries({ queryKey: ['targets'] });
      await devicePersister.persistClient({ ...keptClient(), clientState: { mutations: [], queries: [] } });
      setVisibility('hidden');
      await expectKeptHashes().toEqual(['["feed"]']);
    } finally {
      stop();
    }
  });

  it("replaces another member's store rather than merge with it", async () => {
    confirmCacheOwner('user-1');
    await writeNow(keptClient({ name: 'Kari Nordmann' }));
    confirmCacheOwner('user-2');
    const theirs = keptClient({ name: 'Ola Hansen' });
    theirs.clientState.queries = [{ ...theirs.clientState.queries[0]!, queryKey: ['feed'], queryHash: '["feed"]' }];
    await devicePersister.persistClient(theirs);
    setVisibility('hidden');
    await expectKeptHashes().toEqual(['["feed"]']);
    expect((await devicePersister.restoreClient())?.buster).toBe(computeCacheBuster('user-2'));
  });

  it('keeps nothing while nobody is signed in', async () => {
    confirmCacheOwner(null);
    await devicePersister.persistClient(keptClient());
    setVisibility('hidden');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await devicePersister.restoreClient()).toBeUndefined();
  });
});

describe('the early read of the kept cache', () => {
  it('is what the first restore returns, read once: a later restore reads the store again', async () => {
    await keepForUserOne();
    startRestoringQueries();
    await forgetPersistedQueries();
    // Started before the cache went: the provider restores what the page's first script read.
    expect(await devicePersister.restoreClient()).toMatchObject({ buster: computeCacheBuster('user-1') });
    expect(await devicePersister.restoreClient()).toBeUndefined();
  });

  it('restores nothing once /me has said another member is signed in on this device, read or not', async () => {
    await keepForUserOne();
    startRestoringQueries();
    confirmCacheOwner('user-2');
    expect(await devicePersister.restoreClient()).toBeUndefined();
    confirmCacheOwner(null);
    expect(await devicePersister.restoreClient()).toBeUndefined();
  });
});

describe('reading kept answers again once restored', () => {
  it("reads again what was kept, not who is signed in nor what this page has asked already (the start screen's prefetch)", async () => {
    const pageStartedAt = Date.now();
    const client = new QueryClient();
    client.setQueryData(['scoreboard', 'kpis'], { calls: 3 }, { updatedAt: pageStartedAt - 60_000 });
    client.setQueryData(queryKeys.me, { user: { id: 'u1' } }, { updatedAt: pageStartedAt - 60_000 });
    client.setQueryData(['feed', 'list'], { items: [] }, { updatedAt: pageStartedAt + 5 });
    // Restored from the device while this page's own request is on the way.
    void client.prefetchQuery({ queryKey: ['scoreboard', 'leaderboard'], queryFn: () => new Promise(() => {}) });
    client.setQueryData(['scoreboard', 'leaderboard'], { rows: [] }, { updatedAt: pageStartedAt - 60_000 });
    const refreshed = client
      .getQueryCache()
      .findAll({ predicate: (query) => isKeptAnswer(query, pageStartedAt) })
      .map((query) => query.queryKey.join('.'));
    expect(refreshed).toEqual(['scoreboard.kpis']);
  });
});
