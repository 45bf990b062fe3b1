import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { LiveChange } from '@core/contracts';
import { computeMsUntilNextLocalDay } from '@core/period';
import { LiveUpdatesMovedNotice } from '@web/components/live-updates-moved-notice';
import { connectRealtime, type RealtimeStatus, refreshLiveQueries } from './realtime';

const DAY_CHANGE_MARGIN_MS = 2_000;

type Listener = (change: LiveChange) => void;
type Subscribe = (listener: Listener) => () => void;

const RealtimeContext = createContext<Subscribe>(() => () => {});
const RealtimeStatusContext = createContext<RealtimeStatus>('connecting');

/**
 * Keeps one event stream open while mounted (inside the signed-in app, or on a TV display link).
 * With the company's `timeZone`, it also refreshes every live view at the company's midnight: a
 * wall display or a dashboard left open overnight starts the new day (and on Mondays the new
 * week) by itself, even before anyone logs anything.
 *
 * When the server closes the stream for a newer one of the same viewer (their streams are capped,
 * decision 020), a notice says so and offers to watch here again; `viewer` picks its words.
 */
export function RealtimeProvider({
  children,
  url,
  enabled = true,
  timeZone,
  viewer = 'tab',
}: {
  children: ReactNode;
  url?: string;
  enabled?: boolean;
  timeZone?: string;
  viewer?: 'tab' | 'screen';
}) {
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
  const [isReplaced, setIsReplaced] = useState(false);
  const [streamStatus, setStreamStatus] = useState<RealtimeStatus>('connecting');
  // The browser knows before the stream does that the network went (a Wi-Fi drop): say so at once,
  // even before the stream's first 'ready' (a wall already shows the numbers it read).
  const [isOffline, setIsOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);
  useEffect(() => {
    const onOnline = () => setIsOffline(false);
    const onOffline = () => setIsOffline(true);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
    };
  }, []);
  // Bumped by "Watch live here": a new connection, which in turn replaces the viewer's oldest.
  const [connection, setConnection] = useState(0);
  useEffect(() => {
    if (!enabled || !timeZone) return;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      // A moment past midnight, so the server's clock has surely crossed it too.
      timer = setTimeout(
        () => {
          refreshLiveQueries(queryClient);
          arm();
        },
        computeMsUntilNextLocalDay(new Date(), timeZone) + DAY_CHANGE_MARGIN_MS,
      );
    };
    // Armed once the page is idle: the zone's offset is the page's first time-zone lookup in Intl,
    // 140 ms of a throttled phone's start before its first screen had painted (bench:web --profile).
    const idle = whenIdle(arm);
    return () => {
      idle.cancel();
      clearTimeout(timer);
    };
  }, [queryClient, enabled, timeZone]);
  useEffect(() => {
    if (!enabled) return;
    const realtime = connectRealtime(queryClient, url, { onReplaced: () => setIsReplaced(true), onStatus: setStreamStatus });
    const unsubscribe = realtime.subscribe((change) => {
      for (const listener of listeners.current) listener(change);
    });
    return () => {
      unsubscribe();
      realtime.close();
    };
  }, [queryClient, url, enabled, connection]);
  const onWatchHere = useCallback(() => {
    setIsReplaced(false);
    setConnection((n) => n + 1);
    // Whatever changed while this screen was not listening.
    refreshLiveQueries(queryClient);
  }, [queryClient]);
  const subscribe = useCallback<Subscribe>((listener) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  }, []);
  return (
    <RealtimeContext.Provider value={subscribe}>
      <RealtimeStatusContext.Provider value={isOffline ? 'reconnecting' : streamStatus}>
        {children}
        {enabled && isReplaced && <LiveUpdatesMovedNotice variant={viewer} onWatchHere={onWatchHere} />}
      </RealtimeStatusContext.Provider>
    </RealtimeContext.Provider>
  );
}

/** Calls `listener` for every change streamed to this company (e.g. the TV's celebration). */
export function useRealtimeChanges(listener: Listener) {
  const subscribe = useContext(RealtimeContext);
  useEffect(() => subscribe(listener), [subscribe, listener]);
}

/** Whether the live stream is open ('live'), not yet ('connecting'), or lost and being reopened. */
export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeStatusContext);
}

/** Runs `work` when the browser is idle (within 10 s), or after 2 s where it cannot tell (Safari). */
function whenIdle(work: () => void): { cancel: () => void } {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: 10_000 });
    return { cancel: () => window.cancelIdleCallback(handle) };
  }
  const handle = setTimeout(work, 2_000);
  return { cancel: () => clearTimeout(handle) };
}
