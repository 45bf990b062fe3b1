import type { MinorUnits } from '../money';
import { computeRuleSet, findDailyCallBonusThreshold, type KpiKey, type KpiRule, type Points } from './rules';

export const CALL_OUTCOMES = ['no_progress', 'moved_forward', 'meeting_booked'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * A call's outcome from its stored flags (an unanswered call is no_progress); null for other kinds.
 * The API's activities, exports, edits and the team's feed read it so.
 */
export function computeCallOutcome(activity: { type: string; meetingBooked: boolean; movedForward: boolean }): CallOutcome | null {
  if (activity.type === 'call_unanswered') return 'no_progress';
  if (activity.type !== 'call_answered') return null;
  if (activity.meetingBooked) return 'meeting_booked';
  if (activity.movedForward) return 'moved_forward';
  return 'no_progress';
}

export type ActivityInput =
  | { type: 'call_answered'; outcome: CallOutcome }
  | { type: 'call_unanswered' }
  | { type: 'meeting' }
  | { type: 'email' }
  | { type: 'linkedin' }
  | { type: 'sale'; ticketSize: MinorUnits };

/** What the server knows about the rep's local day before this activity is stored. */
export type DayContext = {
  /** Calls (answered or not) the user already has on this local day, excluding this one. */
  callsBefore: number;
  /** Whether an activity of this local day already carries the daily call bonus. */
  bonusAlreadyAwarded: boolean;
};

export type PointsBreakdown = { kpiKey: KpiKey; points: Points }[];

export type PointsResult = {
  points: Points;
  breakdown: PointsBreakdown;
  /** True when this activity is the one that earns daily_call_bonus_20. */
  earnsDailyBonus: boolean;
  /** The part of `points` that is the daily bonus (0 when it does not earn it). */
  bonusPoints: Points;
};

const NO_DAY_CONTEXT: DayContext = { callsBefore: 0, bonusAlreadyAwarded: false };

export function isCallActivity(input: ActivityInput): boolean {
  return input.type === 'call_answered' || input.type === 'call_unanswered';
}

/**
 * Computes an activity's points from the company's KPI rules.
 *
 * - An answered call scores call_answered plus its outcome's rule (moved_forward or meeting_booked);
 *   'no_progress' adds nothing.
 * - A sale scores `sale` plus, when sale_ticket_size is enabled, round(value in whole currency units
 *   x multiplier). A 25 000 kr sale with multiplier 0.001 adds 25 points.
 * - daily_call_bonus_20 is added once per user per local day, to the call that brings the day's
 *   count to the rule's number (20 unless the company set another) or more when no activity of the
 *   day carries it yet. Deletions keep "bonus once, at that many calls" true (server/modules/activities,
 *   settleDailyBonus): a day that falls below it loses the bonus, and when its carrier is deleted from
 *   a day that still has enough, the latest call takes it.
 * - A disabled rule contributes 0.
 */
export function computeActivityPoints(input: ActivityInput, rules: readonly KpiRule[], day: DayContext = NO_DAY_CONTEXT): PointsResult {
  const set = computeRuleSet(rules);
  const breakdown: PointsBreakdown = [];
  const add = (key: KpiKey, points: number) => {
    const rule = set[key];
    if (!rule.enabled) return;
    const rounded = Math.round(points);
    if (rounded !== 0) breakdown.push({ kpiKey: key, points: rounded as Points });
  };

  switch (input.type) {
    case 'call_answered':
      add('call_answered', set.call_answered.basePoints);
      if (input.outcome === 'moved_forward') add('moved_forward', set.moved_forward.basePoints);
      if (input.outcome === 'meeting_booked') add('meeting_booked', set.meeting_booked.basePoints);
      break;
    case 'call_unanswered':
      add('call_unanswered', set.call_unanswered.basePoints);
      break;
    case 'meeting':
      add('meeting_completed', set.meeting_completed.basePoints);
      break;
    case 'email':
      add('email', set.email.basePoints);
      break;
    case 'linkedin':
      add('linkedin', set.linkedin.basePoints);
      break;
    case 'sale':
      add('sale', set.sale.basePoints);
      add('sale_ticket_size', (input.ticketSize / 100) * set.sale_ticket_size.multiplierValue);
      break;
  }

  const bonusRule = set.daily_call_bonus_20;
  const earnsDailyBonus =
    isCallActivity(input) && bonusRule.enabled && !day.bonusAlreadyAwarded && day.callsBefore + 1 >= findDailyCallBonusThreshold(set);
  if (earnsDailyBonus) add('daily_call_bonus_20', bonusRule.basePoints);

  const points = breakdown.reduce((sum, part) => sum + part.points, 0) as Points;
  const bonusPoints = (breakdown.find((part) => part.kpiKey === 'daily_call_bonus_20')?.points ?? 0) as Points;
  return { points, breakdown, earnsDailyBonus, bonusPoints };
}

/** The points each call outcome is worth now, for the Log Call dialog's labels. */
export function computeCallOutcomePoints(rules: readonly KpiRule[]): Record<CallOutcome, Points> {
  return {
    no_progress: computeActivityPoints({ type: 'call_answered', outcome: 'no_progress' }, rules).points,
    moved_forward: computeActivityPoints({ type: 'call_answered', outcome: 'moved_forward' }, rules).points,
    meeting_booked: computeActivityPoints({ type: 'call_answered', outcome: 'meeting_booked' }, rules).points,
  };
}
