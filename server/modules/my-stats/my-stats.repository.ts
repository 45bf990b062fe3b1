import type { Database } from '../../db/client';
import { type MemberScope, withTenant } from '../../db/tenant';
import { type DailyStatsRow, selectDailyStats } from '../daily-stats/daily-stats.service';
import { type GoalsRow, selectOwnGoals } from '../goals/goals.service';
import { selectTypeCountsOfDayIn } from '../activity-types/activity-types.service';

/**
 * The caller's rollup row of one local day (null: nothing logged), their goals and, with goals on
 * own types (decision 106), the day's count of each type, in one transaction.
 */
export async function findMyDayStatsAndGoals(
  db: Database,
  scope: MemberScope,
  day: string,
): Promise<{ stats: DailyStatsRow | null; goals: GoalsRow | null; typeCounts: Record<string, number> }> {
  return withTenant(db, scope, async (tx) => {
    const [stats] = await selectDailyStats(tx, { companyId: scope.companyId, userIds: [scope.userId], from: day, to: day });
    const goals = await selectOwnGoals(tx, scope);
    const hasTypeGoals = Object.keys(goals?.typeGoals ?? {}).length > 0;
    const typeCounts = hasTypeGoals ? await selectTypeCountsOfDayIn(tx, scope.companyId, scope.userId, day) : {};
    return { stats: stats ?? null, goals, typeCounts };
  });
}
