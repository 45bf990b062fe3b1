import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` (the TV clock ticks every second); `enabled`
 * false reads it once and sets no timer.
 */
export function useNow(intervalMs = 1_000, enabled = true): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, enabled]);
  return now;
}
