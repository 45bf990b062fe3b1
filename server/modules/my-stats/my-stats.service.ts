import type { MyTodayStats } from '@core/contracts';
import { computeLocalDate } from '@core/period';
import { computeConversionRate, computeHitRate, computeGoalProgress } from '@core/stats';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { ZERO_DAILY_STATS } from '../daily-stats/daily-stats.service';
import { toGoals } from '../goals/goals.service';
import { findMyDayStatsAndGoals } from './my-stats.repository';

/** My Activity's personal stats cards: today's rollup, the goals and the progress toward them. */
export async function getMyTodayStats(deps: AppDeps, actor: Actor): Promise<MyTodayStats> {
  const today = computeLocalDate(deps.now(), actor.timezone);
  const { stats, goals, typeCounts } = await findMyDayStatsAndGoals(deps.database.db, memberScopeOf(actor), today);
  const day = stats ?? ZERO_DAILY_STATS;
  // The contract's names for the rollup's metrics (My Activity's cards).
  const s = {
    calls: day.calls,
    answered: day.answered,
    unanswered: day.unanswered,
    meetingsBooked: day.meetings_booked,
    meetingsCompleted: day.meetings_held,
    movedForward: day.moved_forward,
    sales: day.sales,
    revenue: day.sales_value,
    points: day.points,
  };
  const g = toGoals(goals);
  return {
    date: today,
    ...s,
    // One meaning per name (decision 074): conversion per call, as on the boards; hit rate per answered call.
    conversion: computeConversionRate(s.meetingsBooked, s.calls),
    hitRate: computeHitRate(s.meetingsBooked, s.answered),
    goals: g,
    progress: {
      calls: computeGoalProgress(s.calls, g.dailyCalls),
      meetings: computeGoalProgress(s.meetingsBooked, g.dailyMeetings),
      sales: computeGoalProgress(s.sales, g.dailySales),
    },
    typeCounts: Object.fromEntries(Object.keys(g.types).map((typeId) => [typeId, typeCounts[typeId] ?? 0])),
  };
}
