/** A whole-number percentage 0..100+ (conversion) or signed (change). */
export type Percent = number & { readonly __unit: 'Percent' };

/**
 * Conversion: meetings booked per call, as a rounded percent; 0 when there are no calls.
 * Calls are answered plus unanswered. My Activity passes answered calls only
 * ("answered to meeting").
 */
export function computeConversionRate(meetingsBooked: number, calls: number): Percent {
  if (calls <= 0) return 0 as Percent;
  return Math.round((meetingsBooked / calls) * 100) as Percent;
}

/**
 * Hit rate: meetings booked per answered call, as a rounded percent; 0 when no call was answered.
 * A rep's own number on My Activity. "Conversion" is always per call, answered or not
 * (computeConversionRate): two meanings, two names (decision 074).
 */
export function computeHitRate(meetingsBooked: number, answered: number): Percent {
  return computeConversionRate(meetingsBooked, answered);
}

/** The 'High conversion' badge threshold on the Weekly View. */
export const HIGH_CONVERSION_PERCENT = 20;

export function isHighConversion(rate: Percent): boolean {
  return rate >= HIGH_CONVERSION_PERCENT;
}

/** The change label for something that was 0 before and is not now: no percentage says it (the screens word it "New"). */
export const NEW_CHANGE = 'new';

/**
 * Change versus a previous value, as the cards label it: both zero '0%', previous zero and
 * current not NEW_CHANGE, else the rounded percent with '+' for non-negative.
 */
export function computePercentChange(current: number, previous: number): string {
  if (current === 0 && previous === 0) return '0%';
  if (previous === 0) return NEW_CHANGE;
  const change = Math.round(((current - previous) / Math.abs(previous)) * 100);
  return `${change >= 0 ? '+' : ''}${change}%`;
}

/** Goal progress, capped at 100 and 0 when the goal is 0. */
export function computeGoalProgress(value: number, goal: number): Percent {
  if (goal <= 0) return 0 as Percent;
  return Math.min(100, Math.round((value / goal) * 100)) as Percent;
}

/** An average rounded to one decimal; 0 when there is nothing to divide by. */
export function computeAverage(total: number, count: number): number {
  if (count <= 0) return 0;
  return Math.round((total / count) * 10) / 10;
}

/** Working days are the distinct dates with activity, at least 1 (the monthly per-day averages). */
export function computeWorkingDays(activityDates: readonly string[]): number {
  return Math.max(1, new Set(activityDates).size);
}

export const LEADERBOARD_SORT_KEYS = ['points', 'calls', 'meetings', 'sales'] as const;
export type LeaderboardSortKey = (typeof LEADERBOARD_SORT_KEYS)[number];

export type RankableStats = { points: number; calls: number; meetings: number; sales: number };

/** Sorts descending by the chosen key; ties broken by calls, then meetings. */
export function compareForLeaderboard(sortKey: LeaderboardSortKey) {
  return (a: RankableStats, b: RankableStats): number => b[sortKey] - a[sortKey] || b.calls - a.calls || b.meetings - a.meetings;
}

/** Truncates to `max` characters with an ellipsis (feed notes: 50). */
export function truncateText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

/** A rep's daily goal and what counts toward it (goals: calls, meetings booked, sales). */
export type GoalKind = 'calls' | 'meetings' | 'sales';
export type GoalCounts = Record<GoalKind, number>;

/**
 * The daily goals one more activity reaches: those the day was below before it and at or above
 * after it (a goal of 0 is no goal). The goal.reached webhook fires once per goal and day this way.
 */
export function computeReachedGoals(goals: GoalCounts, before: GoalCounts, added: GoalCounts): GoalKind[] {
  return (['calls', 'meetings', 'sales'] as const).filter(
    (kind) => goals[kind] > 0 && before[kind] < goals[kind] && before[kind] + added[kind] >= goals[kind],
  );
}
