import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveChange, LiveTable } from '@core/contracts';
import { apiUrl } from './api';
import { importOrReload } from './lazy-import';
import { queryKeys } from './query-keys';

/**
 * Which queries a change to each table makes stale: families from the query-key registry
 * (./query-keys.ts), refetched with everything under them. Every table the stream may name
 * (LIVE_TABLES, core/contracts/events.ts) has its row.
 */
export const LIVE_REFRESHES: Readonly<Record<LiveTable, readonly QueryKey[]>> = {
  activities: [
    queryKeys.activities.all,
    queryKeys.scoreboard.all,
    queryKeys.myStats.all,
    queryKeys.myTargets.all,
    queryKeys.wrapups.all,
    queryKeys.company.all,
  ],
  wrapups: [queryKeys.wrapups.all],
  // Revocations only (migration 0004): another admin's Integrations tab shows the link inactive.
  display_links: [queryKeys.displayLinks],
  // Joins, removals, role changes and renames (migration 0006): member lists, names on the boards,
  // and the viewer's own rights (/me) follow at once.
  profiles: [queryKeys.me, queryKeys.company.all, queryKeys.scoreboard.all],
  // Migration 0008: goals edited on another device; an admin's rule change (the log buttons' points,
  // the KPI Rules tab of other admins).
  goals: [queryKeys.myStats.all],
  kpi_rules: [queryKeys.kpiRules],
  // Announced for the server's signed-in cache (migration 0013); the screens have not followed a
  // company's rename or new time zone live so far (the admin's own screen refetches on saving).
  companies: [],
};

/** Every family live updates keep fresh, once each. */
function findLiveKeys(): QueryKey[] {
  return [
    ...new Map(
      Object.values(LIVE_REFRESHES)
        .flat()
        .map((key) => [hashKey(key), key]),
    ).values(),
  ];
}

/** Refetches every query that live updates keep fresh (after missed events, or a new day). */
export function refreshLiveQueries(queryClient: QueryClient): void {
  for (const queryKey of findLiveKeys()) void queryClient.invalidateQueries({ queryKey });
}

/** The change a 'change' event carries, or null for anything the contract does not describe. */
export type LiveChangeReader = (data: unknown) => LiveChange | null;

let changeReader: LiveChangeReader | null = null;
let loadingReader: Promise<LiveChangeReader> | null = null;

/**
 * Reads 'change' events with the contract's schema (LiveChangeSchema, core/contracts/events.ts).
 * Loaded with the first change rather than with the page: zod is some 28 KB gzipped that the
 * signed-in shell's first load does without (decision 026). Resolves at once after the first time.
 */
export function loadLiveChangeReader(): Promise<LiveChangeReader> {
  loadingReader ??= importOrReload(() => import('@core/contracts/events')).then(
    ({ LiveChangeSchema }) => {
      changeReader = (data) => {
        if (typeof data !== 'string') return null;
        try {
          const parsed = LiveChangeSchema.safeParse(JSON.parse(data));
          return parsed.success ? parsed.data : null;
        } catch {
          return null; // not JSON
        }
      };
      return changeReader;
    },
    (error: unknown) => {
      loadingReader = null; // tried again with the next change
      throw error;
    },
  );
  return loadingReader;
}

/** Several changes within this window cause one refetch (a burst of calls is one update). */
const DEBOUNCE_MS = 75;
/** Waits before re-opening a stream the browser gave up on: 2 s, doubling up to a minute. */
const REOPEN_MIN_MS = 2_000;
const REOPEN_MAX_MS = 60_000;

type Listener = (change: LiveChange) => void;

/**
 * A random id for this page's stream (16 bytes, hex). Not crypto.randomUUID: browsers offer that
 * only on https and localhost, and an office may run Dealboard on a plain http address.
 */
function createClientId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type ConnectRealtimeOptions = {
  /**
   * Called once when the server closed this stream for a newer one (the viewer's streams are
   * capped; decision 020). The stream stays closed: reconnecting would push the newer one out,
   * and it would push back. Offer the viewer to watch here again (a new connection).
   */
  onReplaced?: () => void;
};

/**
 * Opens the Server-Sent Events stream and turns changes into debounced query invalidations.
 * EventSource reconnects by itself after a network error or a server restart (the server sends
 * `retry: 2000`); on reconnect everything live is refetched, since events may have been missed.
 * Every (re)connection carries this page's `client` id, so the server replaces the page's own
 * half-open stream rather than counting it against the viewer's limit.
 */
export function connectRealtime(
  queryClient: QueryClient,
  url = apiUrl('/api/v1/events'),
  options: ConnectRealtimeOptions = {},
): { close: () => void; subscribe: (l: Listener) => () => void } {
  const streamUrl = `${url}${url.includes('?') ? '&' : '?'}client=${createClientId()}`;
  const listeners = new Set<Listener>();
  const pending = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let hasConnected = false;

  const flush = () => {
    timer = null;
    for (const queryKey of pending.values()) void queryClient.invalidateQueries({ queryKey });
    pending.clear();
  };
  const schedule = (queryKeys: readonly QueryKey[]) => {
    for (const queryKey of queryKeys) pending.set(hashKey(queryKey), queryKey);
    timer ??= setTimeout(flush, DEBOUNCE_MS);
  };

  let source: EventSource | null = null;
  let closed = false;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let reopenDelayMs = REOPEN_MIN_MS;
  /** Closed for a newer stream: changes heard just before (still being read) reach the screen. */
  let wasReplaced = false;
  /** Changes heard while the reader loads (the page's first), in arrival order. */
  let waiting: unknown[] | null = null;

  /** Changes read after the stream closed for a newer one are refetched at once (no timer runs then). */
  const refresh = (queryKeys: readonly QueryKey[]) => {
    if (closed && !wasReplaced) return;
    schedule(queryKeys);
    if (closed) flush();
  };
  /** A newer server may send what this page does not know yet: ignored, never a crash. */
  const handleChange = (change: LiveChange | null) => {
    if (!change || (closed && !wasReplaced)) return;
    refresh(LIVE_REFRESHES[change.table]);
    for (const listener of listeners) listener(change);
  };

  const close = () => {
    closed = true;
    source?.close();
    if (timer) clearTimeout(timer);
    if (reopenTimer) clearTimeout(reopenTimer);
  };

  const open = () => {
    const current = new EventSource(streamUrl, { withCredentials: true });
    source = current;
    current.addEventListener('ready', () => {
      // A 'ready' after the first (a reconnect, or the server's own resync) may follow missed events.
      if (hasConnected) schedule(findLiveKeys());
      hasConnected = true;
      reopenDelayMs = REOPEN_MIN_MS;
    });
    // A stream ends with 'revoked' (a display link revoked, the viewer removed from the company):
    // refetch at once, so the screen learns why it stopped.
    current.addEventListener('revoked', () => schedule(findLiveKeys()));
    // A newer stream of the same viewer took this one's place: stop for good (no reconnect).
    current.addEventListener('replaced', () => {
      if (closed) return;
      wasReplaced = true;
      if (timer) {
        clearTimeout(timer);
        flush(); // changes heard just before still reach the screen
      }
      close();
      options.onReplaced?.();
    });
    current.addEventListener('change', (event) => {
      const data = (event as MessageEvent<unknown>).data;
      if (changeReader) return handleChange(changeReader(data));
      // The first change of the page: the reader is on its way; what arrives meanwhile waits, in order.
      if (waiting) return void waiting.push(data);
      waiting = [data];
      loadLiveChangeReader().then(
        (read) => {
          const heard = waiting ?? [];
          waiting = null;
          for (const item of heard) handleChange(read(item));
        },
        () => {
          // Without the reader (offline, a deploy the reload could not fix) the changes cannot be
          // told apart: refetch everything live rather than miss them.
          waiting = null;
          refresh(findLiveKeys());
        },
      );
    });
    // EventSource retries by itself after a dropped connection, but gives up for good when an
    // answer is not a stream (a 502 from a proxy during a deploy, a 503 while the database is
    // away). Then we open a new one, waiting longer each time, so a wall screen heals by itself.
    current.addEventListener('error', () => {
      if (closed || current.readyState !== EventSource.CLOSED || reopenTimer) return;
      reopenTimer = setTimeout(() => {
        reopenTimer = null;
        if (!closed) open();
      }, reopenDelayMs);
      reopenDelayMs = Math.min(reopenDelayMs * 2, REOPEN_MAX_MS);
    });
  };
  open();

  return {
    close,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
