import { and, between, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dailyUserStats, wrapups } from '../../db/schema';
import { type MemberScope, withTenant } from '../../db/tenant';

export type WrapupRow = typeof wrapups.$inferSelect;
export type WrapupValues = Pick<WrapupRow, 'calls' | 'meetings' | 'sales' | 'points' | 'good' | 'improve'>;
export type DayTotalsRow = Pick<typeof dailyUserStats.$inferSelect, 'calls' | 'meetingsBooked' | 'sales' | 'points'>;

const own = (scope: MemberScope) => and(eq(wrapups.companyId, scope.companyId), eq(wrapups.userId, scope.userId));

/** The caller's wrap-up of `day` (or null) and that day's rollup (or null when nothing was logged). */
export async function findWrapupAndDayTotals(
  db: Database,
  scope: MemberScope,
  day: string,
): Promise<{ wrapup: WrapupRow | null; totals: DayTotalsRow | null }> {
  return withTenant(db, scope, async (tx) => {
    const [wrapup] = await tx
      .select()
      .from(wrapups)
      .where(and(own(scope), eq(wrapups.date, day)));
    const [totals] = await tx
      .select({
        calls: dailyUserStats.calls,
        meetingsBooked: dailyUserStats.meetingsBooked,
        sales: dailyUserStats.sales,
        points: dailyUserStats.points,
      })
      .from(dailyUserStats)
      .where(and(eq(dailyUserStats.companyId, scope.companyId), eq(dailyUserStats.day, day), eq(dailyUserStats.userId, scope.userId)));
    return { wrapup: wrapup ?? null, totals: totals ?? null };
  });
}

/**
 * One wrap-up per company, user and day. The insert claims the day on the unique index (a
 * concurrent save waits for it and then does nothing); the loser, or any later save, updates.
 */
export async function saveWrapupOfDay(
  db: Database,
  scope: MemberScope,
  day: string,
  values: WrapupValues,
  now: Date,
): Promise<{ wrapup: WrapupRow; created: boolean }> {
  return withTenant(db, scope, async (tx) => {
    const [inserted] = await tx
      .insert(wrapups)
      .values({ ...values, companyId: scope.companyId, userId: scope.userId, date: day, createdAt: now, updatedAt: now })
      .onConflictDoNothing({ target: [wrapups.companyId, wrapups.userId, wrapups.date] })
      .returning();
    if (inserted) return { wrapup: inserted, created: true };
    const [updated] = await tx
      .update(wrapups)
      .set({ ...values, updatedAt: now })
      .where(and(own(scope), eq(wrapups.date, day)))
      .returning();
    return { wrapup: updated!, created: false };
  });
}

/** The caller's wrap-ups before `today` (newest first, at most `limit`) and those of [from, to]. */
export async function findWrapupHistory(
  db: Database,
  scope: MemberScope,
  input: { today: string; limit: number; from: string; to: string },
): Promise<{ previous: WrapupRow[]; window: WrapupRow[] }> {
  return withTenant(db, scope, async (tx) => {
    const previous = await tx
      .select()
      .from(wrapups)
      .where(and(own(scope), lt(wrapups.date, input.today)))
      .orderBy(desc(wrapups.date))
      .limit(input.limit);
    const window = await tx
      .select()
      .from(wrapups)
      .where(and(own(scope), between(wrapups.date, input.from, input.to)));
    return { previous, window };
  });
}
