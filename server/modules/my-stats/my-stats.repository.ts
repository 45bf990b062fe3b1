import type { Database } from '../../db/client';
import { type MemberScope, withTenant } from '../../db/tenant';
import { type DailyStatsRow, selectDailyStats } from '../daily-stats/daily-stats.service';
import { type GoalsRow, selectOwnGoals } from '../goals/goals.service';

/** The caller's rollup row of one local day (null: nothing logged) and their goals, in one transaction. */
export async function findMyDayStatsAndGoals(
  db: Database,
  scope: MemberScope,
  day: string,
): Promise<{ stats: DailyStatsRow | null; goals: GoalsRow | null }> {
  return withTenant(db, scope, async (tx) => {
    const [stats] = await selectDailyStats(tx, { companyId: scope.companyId, userIds: [scope.userId], from: day, to: day });
    return { stats: stats ?? null, goals: await selectOwnGoals(tx, scope) };
  });
}
