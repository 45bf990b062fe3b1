import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dailyUserStats } from '../../db/schema';
import { type MemberScope, withTenant } from '../../db/tenant';
import { type GoalsRow, selectOwnGoals } from '../goals/goals.service';

export type DayStatsRow = typeof dailyUserStats.$inferSelect;

/** The caller's rollup row of one local day (null: nothing logged) and their goals, in one transaction. */
export async function findMyDayStatsAndGoals(
  db: Database,
  scope: MemberScope,
  day: string,
): Promise<{ stats: DayStatsRow | null; goals: GoalsRow | null }> {
  return withTenant(db, scope, async (tx) => {
    const [stats] = await tx
      .select()
      .from(dailyUserStats)
      .where(and(eq(dailyUserStats.companyId, scope.companyId), eq(dailyUserStats.day, day), eq(dailyUserStats.userId, scope.userId)));
    return { stats: stats ?? null, goals: await selectOwnGoals(tx, scope) };
  });
}
