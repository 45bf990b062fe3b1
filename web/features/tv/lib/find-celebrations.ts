import type { LiveChange } from '@core/contracts';

export type CelebrationKind = 'sale' | 'meeting';

export type CelebrationEvent = { kind: CelebrationKind; userId: string; displayName: string | null };

/** What the live stream says about one change (core/contracts/events.ts) that decides a celebration. */
export type CelebrationChange = Pick<LiveChange, 'table' | 'op' | 'userId' | 'activity'>;

/**
 * What a change is worth celebrating: a sale or a booked meeting that was just logged. Edits and
 * deletions never celebrate (an earlier call edited into a booked meeting is not news), nor does
 * anything but an activity.
 */
export function findCelebrationKind(change: CelebrationChange): CelebrationKind | null {
  if (change.table !== 'activities' || change.op !== 'INSERT' || !change.userId || !change.activity) return null;
  if (change.activity.type === 'sale') return 'sale';
  if (change.activity.meetingBooked) return 'meeting';
  return null;
}

/**
 * The celebrations of the kinds that landed, once the board has been re-read: one per person and
 * kind (a sale first), named as the board names them. A person who is not on the board (below the
 * top 10) is not celebrated on a screen that does not show them.
 */
export function findCelebrations(
  landed: ReadonlyMap<string, ReadonlySet<CelebrationKind>>,
  board: readonly { userId: string; displayName: string | null }[],
): CelebrationEvent[] {
  const events: CelebrationEvent[] = [];
  for (const [userId, kinds] of landed) {
    const row = board.find((r) => r.userId === userId);
    if (!row) continue;
    for (const kind of ['sale', 'meeting'] as const) {
      if (kinds.has(kind)) events.push({ kind, userId, displayName: row.displayName });
    }
  }
  return events;
}
