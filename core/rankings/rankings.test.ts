import { describe, expect, it } from 'vitest';
import { DEFAULT_KPI_RULES, type KpiRule } from '../kpi';
import { toLocalDate } from '../period';
import {
  compareByTieRule,
  computeDailyGoalPoints,
  computeEarlierPeriods,
  computeGoalShare,
  computeGoalShareMeasure,
  computeImprovement,
  computeImprovementInPoints,
  computePeriodGoal,
  computeTargetPeriodOfBoard,
  countWorkingDays,
  type FairlyRankable,
  rankFairly,
} from './index';

function row(name: string, numbers: Partial<FairlyRankable> = {}): FairlyRankable {
  return { userId: `id-${name}`, displayName: name, points: 0, calls: 0, meetings: 0, sales: 0, ...numbers };
}

const names = (rows: readonly FairlyRankable[]) => rows.map((r) => r.displayName);

describe('computePeriodGoal', () => {
  it.each([
    { case: "a manager's target wins over the daily goal", target: 200, dailyGoal: 30, workingDays: 5, goal: 200, source: 'target' },
    { case: 'the daily goal times the working days', target: null, dailyGoal: 30, workingDays: 5, goal: 150, source: 'daily_goal' },
    { case: 'a day off still has one day of goal', target: null, dailyGoal: 30, workingDays: 0, goal: 30, source: 'daily_goal' },
    { case: 'a target of 0 is no target', target: 0, dailyGoal: 10, workingDays: 1, goal: 10, source: 'daily_goal' },
    { case: 'no goal at all', target: null, dailyGoal: 0, workingDays: 5, goal: null, source: null },
  ] as const)('$case', ({ target, dailyGoal, workingDays, goal, source }) => {
    expect(computePeriodGoal({ target, dailyGoal, workingDays })).toEqual({ goal, source });
  });
});

describe('computeGoalShare', () => {
  it('is basis points of the goal, over 100 % when the goal is passed', () => {
    expect(computeGoalShare(67, 50)).toBe(13_400);
    expect(computeGoalShare(0, 50)).toBe(0);
    expect(computeGoalShare(1, 3)).toBe(3_333);
  });

  it('is null with a goal of zero or none (never a division by zero)', () => {
    expect(computeGoalShare(10, 0)).toBeNull();
    expect(computeGoalShare(10, null)).toBeNull();
  });
});

describe('computeDailyGoalPoints', () => {
  it('is what the daily goals are worth by the default rules: meetings 5, sales 10, the call bonus from 20 calls', () => {
    expect(computeDailyGoalPoints({ calls: 40, meetings: 2, sales: 1 }, DEFAULT_KPI_RULES)).toBe(2 * 5 + 10 + 5);
    expect(computeDailyGoalPoints({ calls: 10, meetings: 1, sales: 0 }, DEFAULT_KPI_RULES)).toBe(5);
    expect(computeDailyGoalPoints({ calls: 0, meetings: 0, sales: 0 }, DEFAULT_KPI_RULES)).toBe(0);
  });

  it("counts the call bonus from the company's number of calls (decision 108)", () => {
    const rules = DEFAULT_KPI_RULES.map((rule) => (rule.kpiKey === 'daily_call_bonus_20' ? { ...rule, threshold: 8 } : rule));
    expect(computeDailyGoalPoints({ calls: 10, meetings: 1, sales: 0 }, rules)).toBe(5 + 5);
    expect(computeDailyGoalPoints({ calls: 7, meetings: 1, sales: 0 }, rules)).toBe(5);
  });

  it("follows the company's rules: a disabled rule is worth nothing, calls at the lower of answered and unanswered", () => {
    const rules: KpiRule[] = [
      { kpiKey: 'call_answered', basePoints: 2, enabled: true, multiplierValue: 0 },
      { kpiKey: 'call_unanswered', basePoints: 1, enabled: true, multiplierValue: 0 },
      { kpiKey: 'sale', basePoints: 10, enabled: false, multiplierValue: 0 },
    ];
    expect(computeDailyGoalPoints({ calls: 10, meetings: 1, sales: 3 }, rules)).toBe(10 * 1 + 5);
  });
});

describe('computeImprovement', () => {
  it('compares the period with the average of the earlier periods with activity', () => {
    expect(computeImprovement(30, [20, 20, 20, 20])).toEqual({ baseline: 20, periods: 4, change: 5_000 });
    expect(computeImprovement(10, [20])).toEqual({ baseline: 20, periods: 1, change: -5_000 });
    expect(computeImprovement(10, [3, 4, 4])).toEqual({ baseline: 3.7, periods: 3, change: 17_273 });
  });

  it('has no baseline for a new rep with no history, and no change over a baseline of zero', () => {
    expect(computeImprovement(50, [])).toEqual({ baseline: null, periods: 0, change: null });
    expect(computeImprovement(50, [0, 0])).toEqual({ baseline: 0, periods: 2, change: null });
  });
});

describe('computeImprovementInPoints', () => {
  it("measures a rate's change in percentage points, in hundredths of one, from an average of 0 too", () => {
    expect(computeImprovementInPoints(0.13, [0.1, 0.1])).toEqual({ baseline: 0.1, periods: 2, change: 300 });
    expect(computeImprovementInPoints(0.05, [0, 0])).toEqual({ baseline: 0, periods: 2, change: 500 });
    expect(computeImprovementInPoints(0.2, [0.25])).toEqual({ baseline: 0.25, periods: 1, change: -500 });
    expect(computeImprovementInPoints(0.5, [])).toEqual({ baseline: null, periods: 0, change: null });
  });
});

describe('computeEarlierPeriods', () => {
  const d = toLocalDate;

  it("a day's board looks back over the 28 days before it, one day each", () => {
    const periods = computeEarlierPeriods('today', d('2026-11-25'), d('2026-11-25'));
    expect(periods).toHaveLength(28);
    expect(periods[0]).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(periods[27]).toEqual({ from: '2026-10-28', to: '2026-10-28' });
  });

  it("a week's board the 4 weeks before, a month's the 3 calendar months before", () => {
    expect(computeEarlierPeriods('week', d('2026-11-23'), d('2026-11-29'))).toEqual([
      { from: '2026-11-16', to: '2026-11-22' },
      { from: '2026-11-09', to: '2026-11-15' },
      { from: '2026-11-02', to: '2026-11-08' },
      { from: '2026-10-26', to: '2026-11-01' },
    ]);
    expect(computeEarlierPeriods('month', d('2026-03-01'), d('2026-03-31'))).toEqual([
      { from: '2026-02-01', to: '2026-02-28' },
      { from: '2026-01-01', to: '2026-01-31' },
      { from: '2025-12-01', to: '2025-12-31' },
    ]);
  });

  it('a custom range the 4 ranges of its length before it', () => {
    expect(computeEarlierPeriods('custom', d('2026-11-11'), d('2026-11-20'))).toEqual([
      { from: '2026-11-01', to: '2026-11-10' },
      { from: '2026-10-22', to: '2026-10-31' },
      { from: '2026-10-12', to: '2026-10-21' },
      { from: '2026-10-02', to: '2026-10-11' },
    ]);
  });
});

describe('rankFairly', () => {
  const full = row('Ada', { points: 60, calls: 40, goalShare: { share: 10_000 }, improvement: { change: 1_000 } });
  const partTimer = row('Per', { points: 20, calls: 12, goalShare: { share: 13_400 }, improvement: { change: 0 } });
  const newRep = row('Nina', { points: 15, calls: 9, goalShare: { share: 5_000 }, improvement: { change: 20_000 } });
  const noGoal = row('Olav', { points: 90, calls: 50, goalShare: { share: null }, improvement: { change: null } });

  it('by points: the raw number, as the boards always ranked', () => {
    expect(names(rankFairly([full, partTimer, newRep, noGoal], 'points', 'points'))).toEqual(['Olav', 'Ada', 'Per', 'Nina']);
  });

  it('by % of goal: a part-timer with a small goal leads; no goal comes after every goal, even with the most points', () => {
    const ranked = rankFairly([full, partTimer, newRep, noGoal], 'goal_share', 'points');
    expect(names(ranked)).toEqual(['Per', 'Ada', 'Nina', 'Olav']);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
  });

  it('by most improved: the new rep with the biggest change leads; no history comes last', () => {
    expect(names(rankFairly([full, partTimer, newRep, noGoal], 'improved', 'points'))).toEqual(['Nina', 'Ada', 'Per', 'Olav']);
  });

  it('breaks ties by the higher points, then more calls, then more meetings, then the name', () => {
    const a = row('Bea', { points: 10, calls: 5, goalShare: { share: 10_000 } });
    const b = row('Ada', { points: 10, calls: 5, goalShare: { share: 10_000 } });
    const c = row('Cai', { points: 10, calls: 6, goalShare: { share: 10_000 } });
    const d = row('Dag', { points: 12, calls: 1, goalShare: { share: 10_000 } });
    const e = row('Eva', { points: 10, calls: 5, meetings: 1, goalShare: { share: 10_000 } });
    expect(names(rankFairly([a, b, c, d, e], 'goal_share', 'points'))).toEqual(['Dag', 'Cai', 'Eva', 'Ada', 'Bea']);
    expect(names(rankFairly([a, b, c, d, e], 'points', 'points'))).toEqual(['Dag', 'Cai', 'Eva', 'Ada', 'Bea']);
  });

  it('ranks those without a measure among themselves by the same tie rule', () => {
    const x = row('Xan', { points: 5, goalShare: { share: null } });
    const y = row('Yri', { points: 9, goalShare: { share: null } });
    expect(names(rankFairly([x, y], 'goal_share', 'points'))).toEqual(['Yri', 'Xan']);
  });

  it('puts unnamed members after named ones on a full tie, then orders by id', () => {
    const unnamed = { ...row('z'), displayName: null, userId: 'a' };
    expect(names([unnamed, row('Zed')].sort(compareByTieRule('points')))).toEqual(['Zed', null]);
  });

  it("ties on the board's metric when sorted by calls", () => {
    const a = row('Ada', { calls: 10, points: 1, goalShare: { share: 5_000 } });
    const b = row('Bo', { calls: 12, points: 0, goalShare: { share: 5_000 } });
    expect(names(rankFairly([a, b], 'goal_share', 'calls'))).toEqual(['Bo', 'Ada']);
  });
});

describe('goal share of a whole row', () => {
  it('measures a part-timer against their own small goal', () => {
    expect(computeGoalShareMeasure(20, { target: null, dailyGoal: 15, workingDays: 1 })).toEqual({
      goal: 15,
      source: 'daily_goal',
      share: 13_333,
    });
  });
});

describe('computeTargetPeriodOfBoard and countWorkingDays', () => {
  it("maps a board's period to a manager's target period", () => {
    expect(computeTargetPeriodOfBoard('today')).toBe('day');
    expect(computeTargetPeriodOfBoard('yesterday')).toBe('day');
    expect(computeTargetPeriodOfBoard('week')).toBe('week');
    expect(computeTargetPeriodOfBoard('month')).toBe('month');
    expect(computeTargetPeriodOfBoard('custom')).toBeNull();
  });

  it('counts the days the calendar says are working days', () => {
    const weekdays = (day: string) => ![0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay());
    expect(countWorkingDays(toLocalDate('2026-11-23'), toLocalDate('2026-11-29'), weekdays)).toBe(5);
  });
});
