import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
import { connectRealtime, type RealtimeChange } from './realtime';

type Listener = (change: RealtimeChange) => void;
type Subscribe = (listener: Listener) => () => void;

const RealtimeContext = createContext<Subscribe>(() => () => {});

/** Keeps one event stream open while mounted (inside the signed-in app, or on a TV display link). */
export function RealtimeProvider({ children, url, enabled = true }: { children: ReactNode; url?: string; enabled?: boolean }) {
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<Listener>());
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
