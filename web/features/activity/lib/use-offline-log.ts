import type { Activity, LogActivity } from '@core/contracts';
import { computeLocalDate, computeLocalTime, DEFAULT_TIME_ZONE } from '@core/period';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { api } from '@web/lib/api';
import { useMe } from '@web/lib/auth/get-me';
import { queryKeys } from '@web/lib/query-keys';
import { invalidateActivityQueries } from '../api/invalidate-activity-queries';
import { addPendingActivity, discardPendingActivity, findPendingActivities, type SyncResult, syncPendingActivities } from './offline-queue';

/** A log without its device key and time: what a button knows. */
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

/** One sync at a time per page: two would send the same waiting log twice (harmless, but wasteful). */
let running: Promise<SyncResult> | null = null;

/**
 * Logging that survives a missing connection (decision 054): each log is kept on the device with
 * its key and the company-local day and time it was tapped, then sent; what could not be sent
 * waits and goes when the connection returns. `onSynced` hears what reached the server.
 */
export function useOfflineLog(onSynced: (result: SyncResult, live: boolean) => void) {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const userId = me?.user.id;
  const timeZone = me?.company?.timezone ?? DEFAULT_TIME_ZONE;
  const isOnline = useIsOnline();
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

  const sync = useCallback(
    async (live = false) => {
      if (!userId) return;
      running ??= syncPendingActivities(userId, send).finally(() => {
        running = null;
      });
      const result = await running;
      await queryClient.invalidateQueries({ queryKey: queryKeys.activities.pending(userId) });
      if (result.sent.length > 0) await invalidateActivityQueries(queryClient);
      onSyncedRef.current(result, live);
    },
    [userId, queryClient],
  );

  const log = useCallback(
    async (quick: QuickLog) => {
      if (!userId) return;
      const tapped = new Date();
      const clientKey = crypto.randomUUID();
      const body = {
        ...quick,
        clientKey,
        localDate: computeLocalDate(tapped, timeZone),
        time: computeLocalTime(tapped, timeZone).slice(0, 5),
      } as LogActivity & { clientKey: string };
      await addPendingActivity({ clientKey, userId, body, tappedAt: tapped.toISOString(), status: 'waiting' });
      await queryClient.invalidateQueries({ queryKey: queryKeys.activities.pending(userId) });
      if (navigator.onLine) await sync(true);
    },
    [userId, timeZone, queryClient, sync],
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
