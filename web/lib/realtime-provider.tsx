import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { computeMsUntilNextLocalDay } from '@core/period';
import { connectRealtime, type RealtimeChange, refreshLiveQueries } from './realtime';

const DAY_CHANGE_MARGIN_MS = 2_000;

type Listener = (change: RealtimeChange) => void;
type Subscribe = (listener: Listener) => () => void;

const RealtimeContext = createContext<Subscribe>(() => () => {});

/**
 * Keeps one event stream open while mounted (inside the signed-in app, or on a TV display link).
 * With the company's `timeZone`, it also refreshes every live view at the company's midnight: a
 * wall display or a dashboard left open overnight starts the new day (and on Mondays the new
 * week) by itself, even before anyone logs anything.
 */
export function RealtimeProvider({ children, url, enabled = true, timeZone }: { children: ReactNode; url?: string; enabled?: boolean; timeZone?: string }) {
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
  useEffect(() => {
    if (!enabled || !timeZone) return;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      // A moment past midnight, so the server's clock has surely crossed it too.
      timer = setTimeout(() => {
        refreshLiveQueries(queryClient);
        arm();
      }, computeMsUntilNextLocalDay(new Date(), timeZone) + DAY_CHANGE_MARGIN_MS);
    };
    arm();
    return () => clearTimeout(timer);
  }, [queryClient, enabled, timeZone]);
  useEffect(() => {
    if (!enabled) return;
    const connection = connectRealtime(queryClient, url);
    const unsubscribe = connection.subscribe((change) => {
      for (const listener of listeners.current) listener(change);
    });
    return () => {
      unsubscribe();
      connection.close();
    };
  }, [queryClient, url, enabled]);
  const subscribe = useCallback<Subscribe>((listener) => {
    listeners.current.add(listener);
    return () => listeners.current.delete(listener);
  }, []);
  return <RealtimeContext.Provider value={subscribe}>{children}</RealtimeContext.Provider>;
}

/** Calls `listener` for every change streamed to this company (e.g. the TV's celebration). */
export function useRealtimeChanges(listener: Listener) {
  const subscribe = useContext(RealtimeContext);
  useEffect(() => subscribe(listener), [subscribe, listener]);
}
