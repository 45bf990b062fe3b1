import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { connectRealtime, type RealtimeChange } from './realtime';

type Subscribe = (listener: (change: RealtimeChange) => void) => () => void;

const RealtimeContext = createContext<Subscribe>(() => () => {});

/** Keeps one event stream open while mounted (inside the signed-in app, or on a TV display link). */
export function RealtimeProvider({ children, url, enabled = true }: { children: ReactNode; url?: string; enabled?: boolean }) {
  const queryClient = useQueryClient();
  const [subscribe, setSubscribe] = useState<Subscribe>(() => () => () => {});
  useEffect(() => {
    if (!enabled) return;
    const connection = connectRealtime(queryClient, url);
    setSubscribe(() => connection.subscribe);
    return () => connection.close();
  }, [queryClient, url, enabled]);
  return <RealtimeContext.Provider value={subscribe}>{children}</RealtimeContext.Provider>;
}

/** Calls `listener` for every change streamed to this company (e.g. the TV's celebration). */
export function useRealtimeChanges(listener: (change: RealtimeChange) => void) {
  const subscribe = useContext(RealtimeContext);
  useEffect(() => subscribe(listener), [subscribe, listener]);
}
