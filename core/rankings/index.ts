import { computeRuleSet, findDailyCallBonusThreshold, type KpiRule } from '../kpi';
import type { TargetPeriod } from '../pacing/target-periods';
import type { RankBy } from '../contracts/scoreboard';
import { addDays, diffDays, endOfMonth, listLocalDates, type LocalDate, startOfMonth } from '../period';
import type { LeaderboardSortKey } from '../stats';

/*
 * Fair rankings (decision 053): a board ranks its people by raw numbers (points), by the share of
 * their own goal for the period ("% of goal"), or by how far the period is above their own average
 * of earlier equal periods ("most improved"), so a new rep or a part-timer can lead. The measure
 * is always of the board's metric (its sort key: points by default, or calls, meetings, sales).
 * Ties are broken by one rule on every board (compareByTieRule).
 */

/** Hundredths of a percent: 13 400 is 134 %. Integers, so equal measures compare equal. */
export type BasisPoints = number & { readonly __unit: 'BasisPoints' };

/** points | goal_share | improved (the contracts' RANK_BY). */
export type RankByKey = RankBy;

/** What a period's goal came from: a manager's target for the metric and period, or the member's daily goal. */
export type GoalSource = 'target' | 'daily_goal';

export type GoalShareMeasure = {
  /** The goal for the whole period, in the metric's units; null: the member has no goal for it. */
  goal: number | null;
  source: GoalSource | null;
  /** The period's number over the goal; null without a goal. */
  share: BasisPoints | null;
};

export type ImprovementMeasure = {
  /** The average of the earlier equal periods in which the member logged anything (one decimal); null: none. */
  baseline: number | null;
  /** Earlier periods the baseline averages (0 ... the periods looked at). */
  periods: number;
  /** The period's number against the baseline; null without a baseline above 0. */
  change: BasisPoints | null;
};

/** The daily goals a rep sets for themselves (goals: calls, meetings booked, sales). */
export type DailyGoals = { calls: number; meetings: number; sales: number };

/** The manager's target period that matches a board's period: a day's board, a week's, a month's; a custom range has none. */
export function computeTargetPeriodOfBoard(kind: 'today' | 'yesterday' | 'week' | 'month' | 'custom'): TargetPeriod | null {
  if (kind === 'today' || kind === 'yesterday') return 'day';
  if (kind === 'week' || kind === 'month') return kind;
  return null;
}

/**
 * What a day of the rep's daily goals is worth in points by the company's rules: each goal call at
 * the lower of an answered and an unanswered call, each goal meeting at a booked meeting, each goal
 * sale at a sale (its value's points left out: a goal has no value), and the day's call bonus when
 * the calls goal reaches its threshold. Reaching every daily goal is then 100 % of the points goal.
 */
export function computeDailyGoalPoints(goals: DailyGoals, rules: readonly KpiRule[]): number {
  const set = computeRuleSet(rules);
  const worth = (key: keyof typeof set) => (set[key].enabled ? set[key].basePoints : 0);
  const perCall = Math.min(worth('call_answered'), worth('call_unanswered'));
  const bonus = goals.calls >= findDailyCallBonusThreshold(set) ? worth('daily_call_bonus_20') : 0;
  return Math.max(0, goals.calls * perCall + goals.meetings * worth('meeting_booked') + goals.sales * worth('sale') + bonus);
}

/** The member's daily goal for the board's metric (points: what the daily goals are worth). */
export function computeDailyGoalFor(metric: LeaderboardSortKey, goals: DailyGoals, rules: readonly KpiRule[]): number {
  return metric === 'points' ? computeDailyGoalPoints(goals, rules) : goals[metric];
}

/**
 * The goal for a board's period: the manager's target for the metric and period when one is in force
 * (decision 043), else the member's daily goal times the period's working days (at least one, so a
 * day's board on a day off still has the daily goal); null when neither is above 0. The whole
 * period's goal, not the part gone: a manager's target is for the whole period, and both sources
 * then read alike ("40 % of the week's goal" on Wednesday).
 */
export function computePeriodGoal(input: { target: number | null; dailyGoal: number; workingDays: number }): {
  goal: number | null;
  source: GoalSource | null;
} {
  if (input.target !== null && input.target > 0) return { goal: input.target, source: 'target' };
  if (input.dailyGoal > 0) return { goal: input.dailyGoal * Math.max(1, input.workingDays), source: 'daily_goal' };
  return { goal: null, source: null };
}

/** The number as a share of the goal, in basis points; null without a goal above 0. */
export function computeGoalShare(value: number, goal: number | null): BasisPoints | null {
  if (goal === null || goal <= 0) return null;
  return Math.round((value / goal) * 10_000) as BasisPoints;
}

export function computeGoalShareMeasure(
  value: number,
  input: { target: number | null; dailyGoal: number; workingDays: number },
): GoalShareMeasure {
  const { goal, source } = computePeriodGoal(input);
  return { goal, source, share: computeGoalShare(value, goal) };
}

/**
 * This period against the member's own average of earlier equal periods, counting only those in
 * which they logged anything: a new rep's weeks before they joined, and a holiday week, are not
 * zeros that would flatter them. No earlier period with activity: no baseline, and the member is
 * ranked after those with one (they have nothing yet to improve on). A baseline of 0 (they were
 * active, but never in this metric) has no change either: any number over nothing is not a share.
 */
export function computeImprovement(value: number, earlier: readonly number[]): ImprovementMeasure {
  if (earlier.length === 0) return { baseline: null, periods: 0, change: null };
  const average = earlier.reduce((sum, n) => sum + n, 0) / earlier.length;
  const baseline = Math.round(average * 10) / 10;
  const change = average > 0 ? (Math.round(((value - average) / average) * 10_000) as BasisPoints) : null;
  return { baseline, periods: earlier.length, change };
}

/**
 * "Most improved" on a figure that is itself a percent (a KPI written as one: a hit rate, a
 * conversion): the change in percentage points, in hundredths of one (10 % to 13 % is +300, +3
 * points), not relative (+30 %), as a manager reads a rate's change. An average of 0 has a change too.
 */
export function computeImprovementInPoints(value: number, earlier: readonly number[]): ImprovementMeasure {
  if (earlier.length === 0) return { baseline: null, periods: 0, change: null };
  const average = earlier.reduce((sum, n) => sum + n, 0) / earlier.length;
  return { baseline: average, periods: earlier.length, change: Math.round((value - average) * 10_000) as BasisPoints };
}

/** How many earlier equal periods "most improved" averages: a day, the last 4 weeks' days; a week, 4; a month, 3; a custom range, 4. */
export const IMPROVEMENT_LOOKBACK = { day: 28, week: 4, month: 3, custom: 4 } as const;

/**
 * The earlier equal periods of a board's period [from, to], newest first: a day's board the 28 days
 * before it (each a period; the baseline is the average active day), a week's the 4 weeks before,
 * a month's the 3 calendar months before, a custom range the 4 ranges of its length before it.
 */
export function computeEarlierPeriods(
  kind: 'today' | 'yesterday' | 'week' | 'month' | 'custom',
  from: LocalDate,
  to: LocalDate,
): { from: LocalDate; to: LocalDate }[] {
  const periods: { from: LocalDate; to: LocalDate }[] = [];
  if (kind === 'month') {
    let start = from;
    for (let i = 0; i < IMPROVEMENT_LOOKBACK.month; i += 1) {
      const end = addDays(start, -1);
      start = startOfMonth(end);
      periods.push({ from: start, to: endOfMonth(start) });
    }
    return periods;
  }
  const count = kind === 'week' ? IMPROVEMENT_LOOKBACK.week : kind === 'custom' ? IMPROVEMENT_LOOKBACK.custom : IMPROVEMENT_LOOKBACK.day;
  const length = kind === 'today' || kind === 'yesterday' ? 1 : kind === 'week' ? 7 : diffDays(from, to) + 1;
  let end = addDays(from, -1);
  for (let i = 0; i < count; i += 1) {
    periods.push({ from: addDays(end, -(length - 1)), to: end });
    end = addDays(end, -length);
  }
  return periods;
}

/** What a row is ranked on: its raw numbers, its name, and the measures of the fair rankings. */
export type FairlyRankable = {
  userId: string;
  displayName: string | null;
  points: number;
  calls: number;
  meetings: number;
  sales: number;
  goalShare?: { share: number | null } | undefined;
  improvement?: { change: number | null } | undefined;
};

/**
 * The tie rule, the same on every board and under every ranking: the higher number of the board's
 * metric (points by default), then more calls, then more meetings, then the name (A-Z, unnamed
 * last), then the id (so ranks never move on a reload).
 */
export function compareByTieRule(metric: LeaderboardSortKey) {
  return (a: FairlyRankable, b: FairlyRankable): number =>
    b[metric] - a[metric] || b.calls - a.calls || b.meetings - a.meetings || compareByName(a, b);
}

function compareByName(a: FairlyRankable, b: FairlyRankable): number {
  if (a.displayName !== b.displayName) {
    if (a.displayName === null) return 1;
    if (b.displayName === null) return -1;
    return a.displayName < b.displayName ? -1 : 1;
  }
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

function measureOf(row: FairlyRankable, rankBy: RankByKey): number | null {
  if (rankBy === 'goal_share') return row.goalShare?.share ?? null;
  if (rankBy === 'improved') return row.improvement?.change ?? null;
  return row.points;
}

/**
 * The order of a board: by points, the tie rule alone (the board's metric first, as it always was);
 * by % of goal or most improved, the measure (highest first), members without one (no goal, no
 * history) after everyone with one, then the tie rule.
 */
export function compareForRanking(rankBy: RankByKey, metric: LeaderboardSortKey) {
  const tie = compareByTieRule(metric);
  if (rankBy === 'points') return tie;
  return (a: FairlyRankable, b: FairlyRankable): number => {
    const ma = measureOf(a, rankBy);
    const mb = measureOf(b, rankBy);
    if (ma === null || mb === null) {
      if (ma !== mb) return ma === null ? 1 : -1;
      return tie(a, b);
    }
    return mb - ma || tie(a, b);
  };
}

/** The rows in ranking order, each with its 1-based rank. */
export function rankFairly<T extends FairlyRankable>(
  rows: readonly T[],
  rankBy: RankByKey,
  metric: LeaderboardSortKey,
): (T & { rank: number })[] {
  return [...rows].sort(compareForRanking(rankBy, metric)).map((row, index) => ({ ...row, rank: index + 1 }));
}

/** A period's working days by a predicate (the company's calendar, core/pacing's isWorkingDay). */
export function countWorkingDays(from: LocalDate, to: LocalDate, isWorkingDay: (day: LocalDate) => boolean): number {
  return listLocalDates(from, to).filter(isWorkingDay).length;
}
