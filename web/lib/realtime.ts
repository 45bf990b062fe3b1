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
};

/** Several changes within this window cause one refetch (a burst of calls is one update). */
const DEBOUNCE_MS = 150;

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

  const source = new EventSource(url, { withCredentials: true });
  source.addEventListener('ready', () => {
    if (hasConnected) schedule(Object.values(REALTIME_INVALIDATIONS).flat());
    hasConnected = true;
  });
  // A display link's stream ends with 'revoked': refetch at once, so the screen learns why it stopped.
  source.addEventListener('revoked', () => schedule(Object.values(REALTIME_INVALIDATIONS).flat()));
  source.addEventListener('change', (event) => {
    let change: RealtimeChange;
    try {
      change = JSON.parse((event as MessageEvent<string>).data) as RealtimeChange;
    } catch {
      return;
    }
    schedule(REALTIME_INVALIDATIONS[change.table] ?? []);
    for (const listener of listeners) listener(change);
  });

  return {
    close: () => {
      source.close();
      if (timer) clearTimeout(timer);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
