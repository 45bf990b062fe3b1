import type { QueryClient } from '@tanstack/react-query';

/** A change the server streams (see server/realtime/hub.ts, ClientChange). */
export type RealtimeChange = {
  table: string;
  op: 'INSERT' | 'UPDATE' | 'DELETE';
  id: string;
  userId: string | null;
  /** For activities: its type and whether a call booked a meeting. */
  activity?: { type: string; meetingBooked: boolean };
};

/**
 * Which query-key prefixes a change to a table makes stale. Features name their query keys with
 * these prefixes (['activities', ...], ['scoreboard', ...]) so that live updates reach them.
 */
export const REALTIME_INVALIDATIONS: Record<string, readonly string[]> = {
  activities: ['activities', 'scoreboard', 'my-stats', 'wrapups', 'company'],
  wrapups: ['wrapups'],
  // Revocations only (migration 0004): another admin's Integrations tab shows the link inactive.
  display_links: ['display-links'],
  // Joins, removals, role changes and renames (migration 0006): member lists, names on the boards,
  // and the viewer's own rights (/me) follow at once.
  profiles: ['me', 'company', 'scoreboard'],
  // Migration 0008: goals edited on another device; an admin's rule change (the log buttons' points,
  // the KPI Rules tab of other admins).
  goals: ['my-stats'],
  kpi_rules: ['kpi-rules', 'company'],
};

/** Refetches every query that live updates keep fresh (after missed events, or a new day). */
export function refreshLiveQueries(queryClient: QueryClient): void {
  for (const prefix of new Set(Object.values(REALTIME_INVALIDATIONS).flat())) {
    void queryClient.invalidateQueries({ queryKey: [prefix] });
  }
}

/** Several changes within this window cause one refetch (a burst of calls is one update). */
const DEBOUNCE_MS = 75;
/** Waits before re-opening a stream the browser gave up on: 2 s, doubling up to a minute. */
const REOPEN_MIN_MS = 2_000;
const REOPEN_MAX_MS = 60_000;

type Listener = (change: RealtimeChange) => void;

/**
 * Opens the Server-Sent Events stream and turns changes into debounced query invalidations.
 * EventSource reconnects by itself after a network error or a server restart (the server sends
 * `retry: 2000`); on reconnect everything live is refetched, since events may have been missed.
 */
export function connectRealtime(queryClient: QueryClient, url = '/api/v1/events'): { close: () => void; subscribe: (l: Listener) => () => void } {
  const listeners = new Set<Listener>();
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let hasConnected = false;

  const flush = () => {
    timer = null;
    for (const prefix of pending) void queryClient.invalidateQueries({ queryKey: [prefix] });
    pending.clear();
  };
  const schedule = (prefixes: readonly string[]) => {
    for (const p of prefixes) pending.add(p);
    timer ??= setTimeout(flush, DEBOUNCE_MS);
  };

  let source: EventSource | null = null;
  let closed = false;
  let reopenTimer: ReturnType<typeof setTimeout> | null = null;
  let reopenDelayMs = REOPEN_MIN_MS;

  const open = () => {
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.addEventListener('ready', () => {
      // A 'ready' after the first (a reconnect, or the server's own resync) may follow missed events.
      if (hasConnected) schedule(Object.values(REALTIME_INVALIDATIONS).flat());
      hasConnected = true;
      reopenDelayMs = REOPEN_MIN_MS;
    });
    // A stream ends with 'revoked' (a display link revoked, the viewer removed from the company):
    // refetch at once, so the screen learns why it stopped.
    current.addEventListener('revoked', () => schedule(Object.values(REALTIME_INVALIDATIONS).flat()));
    current.addEventListener('change', (event) => {
      let change: RealtimeChange;
      try {
        change = JSON.parse((event as MessageEvent<string>).data) as RealtimeChange;
      } catch {
        return;
      }
      schedule(REALTIME_INVALIDATIONS[change.table] ?? []);
      for (const listener of listeners) listener(change);
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
    close: () => {
      closed = true;
      source?.close();
      if (timer) clearTimeout(timer);
      if (reopenTimer) clearTimeout(reopenTimer);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
