export type CelebrationKind = 'sale' | 'meeting';

export type CelebrationRow = { userId: string; displayName: string | null; sales: number; meetings: number };

export type CelebrationEvent = { kind: CelebrationKind; userId: string; displayName: string | null };

/**
 * What landed between two readings of the board: one celebration per person whose sales or
 * booked meetings went up (a sale first). A person missing from the earlier reading counts from
 * zero only when that reading held everyone active (`previousIsComplete`); otherwise they may
 * simply have climbed into the top 10, and nothing is celebrated for them.
 */
export function findCelebrations(
  previous: readonly CelebrationRow[],
  next: readonly CelebrationRow[],
  previousIsComplete: boolean,
): CelebrationEvent[] {
  const before = new Map(previous.map((row) => [row.userId, row]));
  const events: CelebrationEvent[] = [];
  for (const row of next) {
    const earlier = before.get(row.userId) ?? (previousIsComplete ? { sales: 0, meetings: 0 } : row);
    if (row.sales > earlier.sales) events.push({ kind: 'sale', userId: row.userId, displayName: row.displayName });
    if (row.meetings > earlier.meetings) events.push({ kind: 'meeting', userId: row.userId, displayName: row.displayName });
  }
  return events;
}
