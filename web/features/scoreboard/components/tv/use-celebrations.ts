import type { LeaderboardRow } from '@core/contracts';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useRealtimeChanges } from '@web/lib/realtime-provider';
import { type CelebrationEvent, findCelebrations } from '../../lib/find-celebrations';

export type Celebration = CelebrationEvent & { id: number };

/** How long one celebration stays on the wall. */
export const CELEBRATION_MS = 4_500;

/**
 * Sales and booked meetings that land while the board is open. The live stream says who just
 * logged something; the next reading of the board says what it was (sales or meetings went up).
 * Deleting an activity, a reconnect or a first load never celebrates.
 */
export function useCelebrations(rows: readonly LeaderboardRow[] | undefined, boardSize: number, onCelebrate: (celebration: Celebration) => void) {
  const [pendingUsers, setPendingUsers] = useState<ReadonlySet<string>>(() => new Set());
  const [seenRows, setSeenRows] = useState(rows);
  const [queue, setQueue] = useState<readonly Celebration[]>([]);
  const [serial, setSerial] = useState(0);

  useRealtimeChanges(
    useCallback((change) => {
      const userId = change.userId;
      if (change.table !== 'activities' || change.op === 'DELETE' || !userId) return;
      setPendingUsers((current) => (current.has(userId) ? current : new Set(current).add(userId)));
    }, []),
  );

  // Compare each new reading with the one before (React's "store information from previous renders").
  if (rows !== seenRows) {
    setSeenRows(rows);
    if (seenRows && rows && pendingUsers.size > 0) {
      const events = findCelebrations(seenRows, rows, seenRows.length < boardSize).filter((e) => pendingUsers.has(e.userId));
      if (events.length > 0) {
        setQueue((current) => [...current, ...events.map((e, i) => ({ ...e, id: serial + i }))]);
        setSerial(serial + events.length);
      }
      setPendingUsers(new Set());
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
