import type { Query, QueryCache } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { queryKeys } from './query-keys';

/*
 * The last boards and lists this device has seen, kept for a day so that a phone without a
 * connection opens them instead of skeletons (decision 082). TanStack Query's persister keeps the
 * query cache in IndexedDB: saved a second after it changes, restored before the first query runs.
 *
 * One member at a time: the cache carries a buster of the member it was saved for (and of the
 * contracts the answers were shaped by), so another member, or a new build whose answers differ,
 * starts empty; signing out removes it.
 */

/** How long a kept answer may be shown offline: a day (a board from last week is not "the last"). */
export const PERSISTED_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** At most one write per this long: a busy board changes its cache many times a second. */
const SAVE_INTERVAL_MS = 1_000;

/**
 * The shape of the kept answers: the contracts' hash at build time (vite.config.ts), so a deploy
 * that changes a response does not show an old-shaped answer to a new screen.
 */
const CONTRACTS_VERSION: string = import.meta.env.VITE_CONTRACTS_VERSION ?? 'dev';

/** The member the kept cache belongs to, and the contracts it was shaped by. */
export function computeCacheBuster(owner: string): string {
  return `${CONTRACTS_VERSION}:${owner}`;
}

/**
 * Whose kept cache it is: the member in their company (answers of a company they have left are not
 * shown in the next), or null for nobody signed in.
 */
export function describeCacheOwner(me: { user: { id: string }; company: { id: string } | null } | null | undefined): string | null {
  return me ? `${me.user.id}/${me.company?.id ?? ''}` : null;
}

/**
 * Which answers are kept: those the server gave (not errors, not placeholders) and that are about
 * the company's numbers and lists. /me is kept apart (lib/auth/device-member.ts, read before any
 * query), and nothing of signing in or of tokens is kept.
 */
export function shouldPersistQuery(query: Query): boolean {
  if (query.state.status !== 'success') return false;
  const root = query.queryKey[0];
  return root !== queryKeys.me[0] && query.meta?.persist !== false;
}

interface CacheSchema extends DBSchema {
  clients: { key: string; value: PersistedClient };
}

const DB_NAME = 'dealboard-cache';
const CLIENT_KEY = 'queries';
let database: Promise<IDBPDatabase<CacheSchema>> | null = null;

function openCache(): Promise<IDBPDatabase<CacheSchema>> {
  database ??= openDB<CacheSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('clients');
    },
  });
  return database;
}

/** IndexedDB unavailable (a private window, a blocked store): the app works, only without the kept boards. */
async function tryCache<T>(work: (db: IDBPDatabase<CacheSchema>) => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work(await openCache());
  } catch {
    return fallback;
  }
}

/*
 * Whose cache this is: the member this device last saw at start (so an offline start restores
 * theirs), then whoever /me says is signed in; null (signed out) keeps nothing.
 */
let owner: string | null = null;
let pending: PersistedClient | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

async function writePending(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const client = pending;
  pending = null;
  if (!client) return;
  await tryCache(async (db) => {
    const tx = db.transaction('clients', 'readwrite');
    const stored = await tx.store.get(CLIENT_KEY);
    await tx.store.put(mergeKeptClients(stored, client, Date.now(), thisTab), CLIENT_KEY);
    await tx.done;
  }, undefined);
}

/** What the writing tab knows of an answer it did not write: that it has it (an error now, or not to be kept), or when it dropped it. */
export type TabQueries = { has: (queryHash: string) => boolean; droppedAt: (queryHash: string) => number | undefined };

const droppedAt = new Map<string, number>();
let tabCache: QueryCache | null = null;
const thisTab: TabQueries = {
  has: (queryHash) => tabCache?.get(queryHash) !== undefined,
  droppedAt: (queryHash) => droppedAt.get(queryHash),
};

/** The tab's own queries (app/providers.tsx), which the merge must not put back from the store once the tab let them go. */
export function trackTabQueries(cache: QueryCache): () => void {
  tabCache = cache;
  const unsubscribe = cache.subscribe((event) => {
    if (event.type === 'removed') droppedAt.set(event.query.queryHash, Date.now());
    else if (event.type === 'added') droppedAt.delete(event.query.queryHash);
  });
  return () => {
    unsubscribe();
    tabCache = null;
    droppedAt.clear();
  };
}

/**
 * What one tab writes, merged with what the store holds: every tab of a member writes the same
 * store, each its whole cache, so a tab that saves last would otherwise put back the answers it
 * saw minutes ago over another tab's newer ones (an admin finishes the setup in one tab, a live
 * event makes the setup tab behind it save, and the dashboard opened next shows the checklist
 * again). Per answer the newer one stays. An answer only the store has stays for as long as a kept
 * answer may be shown, if it is another tab's: not one this tab holds without keeping it (refused
 * now, or never kept) or dropped after it was kept. Another member's, company's or build's store is replaced.
 */
export function mergeKeptClients(
  stored: PersistedClient | undefined,
  written: PersistedClient,
  now: number,
  tab: TabQueries,
): PersistedClient {
  if (!stored || stored.buster !== written.buster) return written;
  const queries = new Map(written.clientState.queries.map((query) => [query.queryHash, query]));
  for (const kept of stored.clientState.queries) {
    const ours = queries.get(kept.queryHash);
    const keep = ours
      ? kept.state.dataUpdatedAt > ours.state.dataUpdatedAt
      : now - kept.state.dataUpdatedAt < PERSISTED_CACHE_MAX_AGE_MS &&
        !tab.has(kept.queryHash) &&
        (tab.droppedAt(kept.queryHash) ?? 0) < kept.state.dataUpdatedAt;
    if (keep) queries.set(kept.queryHash, kept);
  }
  return { ...written, clientState: { ...written.clientState, queries: [...queries.values()] } };
}

/**
 * The kept cache's read, started by startRestoringQueries as the page's first script runs: opening
 * IndexedDB and reading the cache took 300-450 ms on a throttled phone (bench:web), which no query
 * may start before (TanStack Query holds them while restoring). Started early, it overlaps with
 * the catalogs loading and the first render; the provider's restore then takes it, once.
 */
let earlyRestore: Promise<PersistedClient | undefined> | null = null;

/**
 * Whether a query holds an answer restored from the device, to be read again: not who is signed
 * in (read at start anyway), nor what this page has asked already (answered since it began, or
 * on the way: the start screen's prefetch), which would be asked twice.
 */
export function isKeptAnswer(query: Pick<Query, 'queryKey' | 'state'>, pageStartedAt: number): boolean {
  return query.queryKey[0] !== queryKeys.me[0] && query.state.fetchStatus !== 'fetching' && query.state.dataUpdatedAt < pageStartedAt;
}

/** Starts reading the kept cache now (web/main.tsx), for the provider's restore to take when it mounts. */
export function startRestoringQueries(): void {
  earlyRestore ??= tryCache((db) => db.get('clients', CLIENT_KEY), undefined);
}

/**
 * The device's persister: IndexedDB, the latest cache written at most once a second, under the
 * buster of the member who owns it now (the provider's buster is fixed when it starts; the member
 * may sign in after that). With nobody signed in, nothing is written.
 */
export const devicePersister: Persister = {
  persistClient(client) {
    if (owner === null) return;
    pending = { ...client, buster: computeCacheBuster(owner) };
    timer ??= setTimeout(() => void writePending(), SAVE_INTERVAL_MS);
  },
  async restoreClient() {
    const started = earlyRestore;
    earlyRestore = null;
    const kept = await (started ?? tryCache((db) => db.get('clients', CLIENT_KEY), undefined));
    // /me may answer before the store does (lib/auth/auth-provider.tsx): a cache that is no longer
    // its owner's (another member signed in on this device, or nobody) is never shown.
    return kept && owner !== null && kept.buster === computeCacheBuster(owner) ? kept : undefined;
  },
  async removeClient() {
    pending = null;
    if (timer) clearTimeout(timer);
    timer = null;
    await tryCache((db) => db.delete('clients', CLIENT_KEY), undefined);
  },
};

/*
 * A phone puts the app away (another app, the screen locked) before the next save is due: what it
 * showed last is written now, while the page may still write, not lost with the page.
 */
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && pending) void writePending();
  });
}

/** Signing out, or another member on this device: the kept boards go (nothing of one person reaches another). */
export function forgetPersistedQueries(): Promise<void> {
  return Promise.resolve(devicePersister.removeClient());
}

/** The member whose kept cache was restored at start, until /me has answered once. */
let restoredFor: string | null = null;

/** At start (app/providers.tsx): the cache restored is this member's, the one the device saw last. */
export function startCacheFor(cacheOwner: string | null): void {
  owner = cacheOwner;
  restoredFor = cacheOwner;
}

/**
 * /me answered: the cache is this member's from now on (null: nobody's, nothing is kept). Says
 * whether what was restored at start is another member's, whose answers must then go: a shared
 * phone where one rep's session ended and another signed in.
 */
export function confirmCacheOwner(cacheOwner: string | null): { restoredForAnother: boolean } {
  const restoredForAnother = restoredFor !== null && cacheOwner !== restoredFor;
  restoredFor = null;
  owner = cacheOwner;
  return { restoredForAnother };
}
