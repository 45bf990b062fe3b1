import type { LeaderboardRow } from '@core/contracts';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useRealtimeChanges } from '@web/lib/realtime-provider';
import { type CelebrationEvent, type CelebrationKind, findCelebrationKind, findCelebrations } from './find-celebrations';

export type Celebration = CelebrationEvent & { id: number };

/** How long one celebration stays on the wall. */
export const CELEBRATION_MS = 4_500;

/**
 * Sales and booked meetings that land while the board is open. The live stream says who logged
 * what (the activity's type travels with the change); the celebration waits for the next reading
 * of the board, so it shows together with the new ranking. Edits, deletions, a reconnect or a first
 * load never celebrate.
 */
export function useCelebrations(rows: readonly LeaderboardRow[] | undefined, onCelebrate: (celebration: Celebration) => void) {
  const [landed, setLanded] = useState<ReadonlyMap<string, ReadonlySet<CelebrationKind>>>(() => new Map());
  const [seenRows, setSeenRows] = useState(rows);
  const [queue, setQueue] = useState<readonly Celebration[]>([]);
  const [serial, setSerial] = useState(0);

  useRealtimeChanges(
    useCallback((change) => {
      const kind = findCelebrationKind(change);
      const userId = change.userId;
      if (!kind || !userId) return;
      setLanded((current) => {
        if (current.get(userId)?.has(kind)) return current;
        const next = new Map(current);
        next.set(userId, new Set(current.get(userId)).add(kind));
        return next;
      });
    }, []),
  );

  // Celebrate at the first new reading of the board after something landed (React's "store
  // information from previous renders").
  if (rows !== seenRows) {
    setSeenRows(rows);
    if (rows && landed.size > 0) {
      const events = findCelebrations(landed, rows);
      if (events.length > 0) {
        setQueue((current) => [...current, ...events.map((e, i) => ({ ...e, id: serial + i }))]);
        setSerial(serial + events.length);
      }
      setLanded(new Map());
    }
  }

  const current = queue[0] ?? null;
  const announce = useEffectEvent((celebration: Celebration) => onCelebrate(celebration));
  useEffect(() => {
    if (!current) return;
    announce(current);
    const timer = setTimeout(() => setQueue((q) => q.slice(1)), CELEBRATION_MS);
    return () => clearTimeout(timer);
  }, [current]);

  return current;
}
