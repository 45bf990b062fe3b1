import type { Activity, ActivityType, KpiRuleList, LeaderboardRow, MyTodayStats } from '@core/contracts';
import { DEFAULT_KPI_RULES, type KpiRule } from '@core/kpi';

/** The company's rules as GET /kpi-rules answers them: the defaults with an admin's changes. */
export function makeTestKpiRules(changes: Partial<Record<KpiRule['kpiKey'], Partial<KpiRule>>> = {}): KpiRuleList {
  return {
    rules: DEFAULT_KPI_RULES.map((rule, index) => ({
      ...rule,
      ...changes[rule.kpiKey],
      threshold: changes[rule.kpiKey]?.threshold ?? rule.threshold ?? null,
      id: `rule-${index}`,
      updatedAt: '2026-11-01T08:00:00.000Z',
    })),
  };
}

/** An activity as POST /activities answers it (an unanswered call of 23 Nov unless told otherwise). */
export function makeTestActivity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 'activity-1',
    userId: 'user-1',
    kind: 'call',
    type: 'call_unanswered',
    answered: false,
    outcome: null,
    meetingBooked: false,
    movedForward: false,
    customerId: null,
    customerName: null,
    ticketSize: null,
    productName: null,
    notes: null,
    pointsEarned: 0,
    dailyBonus: false,
    typeId: null,
    outcomeId: null,
    fieldValues: null,
    localDate: '2026-11-23',
    loggedLate: false,
    createdAt: '2026-11-23T09:00:00.000Z',
    updatedAt: '2026-11-23T09:00:00.000Z',
    ...overrides,
  };
}

/** A rep's day as GET /stats/me/today answers it: a busy morning with goals set. */
export function makeTestStats(overrides: Partial<MyTodayStats> = {}): MyTodayStats {
  return {
    date: '2026-11-23',
    calls: 12,
    answered: 8,
    unanswered: 4,
    meetingsBooked: 2,
    meetingsCompleted: 0,
    movedForward: 1,
    sales: 1,
    revenue: 1_250_000,
    points: 21,
    conversion: 17,
    hitRate: 25,
    goals: { dailyCalls: 10, dailyMeetings: 4, dailySales: 0, types: {}, updatedAt: '2026-11-23T07:00:00.000Z' },
    progress: { calls: 100, meetings: 50, sales: 0 },
    typeCounts: {},
    ...overrides,
  };
}

/** A leaderboard row at this rank: 'Rep N', fewer calls and points the lower it ranks. */
export function makeTestLeaderboardRow(rank: number, overrides: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    userId: `user-${rank}-0123456789`,
    displayName: `Rep ${rank}`,
    avatarUrl: null,
    rank,
    isCurrentUser: false,
    calls: 10 - rank,
    answered: 6 - rank,
    unanswered: 4,
    meetings: 1,
    sales: 0,
    revenue: 0,
    points: 50 - rank,
    activities: 10,
    conversion: 10,
    ...overrides,
  };
}

/** One of the company's own activity types as GET /activity-types answers it (decision 100): a plain live type worth a point unless told otherwise. */
export function makeTestActivityType(overrides: Partial<ActivityType> & Pick<ActivityType, 'id' | 'names'>): ActivityType {
  return {
    icon: 'phone-call',
    colour: 'blue',
    points: 1,
    outcomes: [],
    fields: [],
    bonus: null,
    celebrate: false,
    archivedAt: null,
    inUse: true,
    createdAt: '2026-11-01T08:00:00.000Z',
    updatedAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}
