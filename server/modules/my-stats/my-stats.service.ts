import type { MyTodayStats } from '@core/contracts';
import { computeLocalDate } from '@core/period';
import { computeConversionRate, computeHitRate, computeGoalProgress } from '@core/stats';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { findMyDayStatsAndGoals } from './my-stats.repository';

/** My Activity's personal stats cards: today's rollup, the goals and the progress toward them. */
export async function getMyTodayStats(deps: AppDeps, actor: Actor): Promise<MyTodayStats> {
  const today = computeLocalDate(deps.now(), actor.timezone);
  const { stats, goals } = await findMyDayStatsAndGoals(deps.database.db, memberScopeOf(actor), today);
  const s = {
    calls: stats?.calls ?? 0,
    answered: stats?.answered ?? 0,
    unanswered: stats?.unanswered ?? 0,
    meetingsBooked: stats?.meetingsBooked ?? 0,
    meetingsCompleted: stats?.meetingsCompleted ?? 0,
    movedForward: stats?.movedForward ?? 0,
    sales: stats?.sales ?? 0,
    revenue: stats?.revenue ?? 0,
    points: stats?.points ?? 0,
  };
  const g = {
    dailyCalls: goals?.dailyCalls ?? 0,
    dailyMeetings: goals?.dailyMeetings ?? 0,
    dailySales: goals?.dailySales ?? 0,
    updatedAt: goals?.updatedAt.toISOString() ?? null,
  };
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
  };
}
