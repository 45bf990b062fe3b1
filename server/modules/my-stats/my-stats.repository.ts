import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dailyUserStats, goals } from '../../db/schema';
import { type MemberScope, withTenant } from '../../db/tenant';

export type DayStatsRow = typeof dailyUserStats.$inferSelect;
export type GoalsRow = Pick<typeof goals.$inferSelect, 'dailyCalls' | 'dailyMeetings' | 'dailySales' | 'updatedAt'>;

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
      .where(
        and(
          eq(dailyUserStats.companyId, scope.companyId),
          eq(dailyUserStats.day, day),
          eq(dailyUserStats.userId, scope.userId),
        ),
      );
    const [goal] = await tx
      .select({
        dailyCalls: goals.dailyCalls,
        dailyMeetings: goals.dailyMeetings,
        dailySales: goals.dailySales,
        updatedAt: goals.updatedAt,
      })
      .from(goals)
      .where(and(eq(goals.companyId, scope.companyId), eq(goals.userId, scope.userId)));
    return { stats: stats ?? null, goals: goal ?? null };
  });
}
