import type { Activity, LogActivity } from '@core/contracts';
import { computeLocalDate, computeLocalTime, DEFAULT_TIME_ZONE } from '@core/period';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { api, ApiRequestError, describeApiError } from '@web/lib/api';
import { useMe } from '@web/lib/auth/get-me';
import { queryKeys } from '@web/lib/query-keys';
import { invalidateActivityQueries } from '../api/invalidate-activity-queries';
import {
  addPendingActivity,
  discardPendingActivity,
  findPendingActivities,
  type PendingActivity,
  type SyncResult,
  syncPendingActivities,
} from './offline-queue';

/** A log without its device key and time: what a quick log button knows. */
export type QuickLog = LogActivity extends infer L ? (L extends unknown ? Omit<L, 'clientKey' | 'localDate' | 'time'> : never) : never;

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser thinks it has a connection (it may still fail: sending decides). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

const send = (body: LogActivity) => api.POST('/api/v1/activities', { body }) as Promise<Activity>;

/**
 * Syncs run one after another on a page: two at once would send the same waiting log twice
 * (harmless, but wasteful), and a log added while one runs is sent by the next.
 */
let queue: Promise<unknown> = Promise.resolve();

/** What became of the logs a screen waits for, whichever run sent them (a run the page opened may take a log just made). */
const awaited = new Map<string, { activity: Activity } | { refusal: NonNullable<PendingActivity['refusal']> } | null>();

function syncInTurn(userId: string): Promise<SyncResult> {
  const run = queue
    .then(() => syncPendingActivities(userId, send))
    .then((result) => {
      for (const { clientKey, activity } of result.sent) if (awaited.has(clientKey)) awaited.set(clientKey, { activity });
      for (const { clientKey, refusal } of result.refused) if (awaited.has(clientKey) && refusal) awaited.set(clientKey, { refusal });
      return result;
    });
  queue = run.catch(() => undefined);
  return run;
}

/** A log as a screen gives it: without its device key; the day and time only for an earlier day. */
export type LogInput = LogActivity extends infer L ? (L extends unknown ? Omit<L, 'clientKey'> : never) : never;

/** What became of one log: on the server, or kept on the device to be sent later. */
export type LogOutcome = { state: 'sent'; activity: Activity; result: SyncResult | null } | { state: 'waiting'; result: SyncResult | null };

/**
 * The one way the web logs an activity (decision 054): kept on the device with its key first, then
 * sent with whatever else waits, oldest first. No effects: the screens that show the waiting list
 * (useOfflineLog) also send it when the connection returns.
 */
export function useQueuedLog() {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const userId = me?.user.id;
  const timeZone = me?.company?.timezone ?? DEFAULT_TIME_ZONE;

  const sync = useCallback(async (): Promise<SyncResult | null> => {
    if (!userId) return null;
    const result = await syncInTurn(userId);
    await queryClient.invalidateQueries({ queryKey: queryKeys.activities.pending(userId) });
    if (result.sent.length > 0) await invalidateActivityQueries(queryClient);
    return result;
  }, [userId, queryClient]);

  /**
   * Keeps the log and sends it when online. A log for today gets the company-local day and time it
   * was tapped (its original time when it goes later); a chosen earlier day keeps its day and time.
   * With `keepRefused: false` (a dialog, whose form is still open) a refusal is not kept in the
   * list but thrown, as the server's error.
   */
  const log = useCallback(
    async (input: LogInput, { keepRefused = true }: { keepRefused?: boolean } = {}): Promise<LogOutcome> => {
      if (!userId) throw new ApiRequestError(401, 'unauthorized', describeApiError('unauthorized', 401));
      const tapped = new Date();
      const clientKey = crypto.randomUUID();
      const when = input.localDate ? {} : { localDate: computeLocalDate(tapped, timeZone), time: computeLocalTime(tapped, timeZone) };
      const body = { ...input, ...when, clientKey } as LogActivity & { clientKey: string };
      // Heard before it is kept: a run already under way may be the one that sends it.
      awaited.set(clientKey, null);
      let result: SyncResult | null = null;
      let settled: ReturnType<typeof awaited.get>;
      try {
        await addPendingActivity({ clientKey, userId, body, tappedAt: tapped.toISOString(), status: 'waiting' });
        await queryClient.invalidateQueries({ queryKey: queryKeys.activities.pending(userId) });
        if (navigator.onLine) result = await sync();
      } finally {
        settled = awaited.get(clientKey);
        awaited.delete(clientKey);
      }
      if (settled && 'activity' in settled) return { state: 'sent', activity: settled.activity, result };
      if (!result) return { state: 'waiting', result: null };
      const refusal = settled?.refusal;
      if (refusal && !keepRefused) {
        await discardPendingActivity(clientKey);
        await queryClient.invalidateQueries({ queryKey: queryKeys.activities.pending(userId) });
        throw new ApiRequestError(refusal.status, refusal.code, refusal.message, refusal.details);
      }
      return { state: 'waiting', result };
    },
    [userId, timeZone, queryClient, sync],
  );

  return { log, sync };
}

/**
 * Logging that survives a missing connection (decision 054), for the screens that show what waits:
 * each log is kept on the device, then sent; what could not be sent waits and goes when the page
 * opens or the connection returns. `onSynced` hears what reached the server (`live`: a log just
 * made, rather than earlier ones).
 */
export function useOfflineLog(onSynced: (result: SyncResult, live: boolean) => void) {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const userId = me?.user.id;
  const isOnline = useIsOnline();
  const queued = useQueuedLog();
  // The latest listener, without making sync (and the effect below) change on every render.
  const onSyncedRef = useRef(onSynced);
  useEffect(() => {
    onSyncedRef.current = onSynced;
  });

  const pending = useQuery({
    queryKey: queryKeys.activities.pending(userId ?? ''),
    queryFn: () => findPendingActivities(userId!),
    enabled: userId !== undefined,
    // The queue is on this device: reading it needs no connection.
    networkMode: 'always',
  });

  const { sync: syncQueued, log: logQueued } = queued;
  const sync = useCallback(async () => {
    const result = await syncQueued();
    if (result) onSyncedRef.current(result, false);
  }, [syncQueued]);

  const log = useCallback(
    async (input: LogInput) => {
      const outcome = await logQueued(input);
      if (outcome.result) onSyncedRef.current(outcome.result, true);
      return outcome;
    },
    [logQueued],
  );

  const discard = useCallback(
    async (clientKey: string) => {
      await discardPendingActivity(clientKey);
      if (userId) await queryClient.invalidateQueries({ queryKey: queryKeys.activities.pending(userId) });
    },
    [userId, queryClient],
  );

  // Send what waits when the page opens and whenever the connection comes back.
  useEffect(() => {
    if (isOnline && userId) void sync();
  }, [isOnline, userId, sync]);

  return { pending: pending.data ?? [], isOnline, log, discard, sync };
}
