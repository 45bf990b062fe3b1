import { computeLocalDate, computeWallClock, type LocalDate, listLocalDates } from '../period';
import { isWorkingDay, type WorkingCalendar } from './calendar';

/**
 * The working hours a working day is spread over, in the company's wall-clock time. A working day
 * is used up in proportion to these hours (decision 043): at 12:00 half of today is gone, from 16:00
 * all of it, before 08:00 none. The clock times are far from the 02:00-03:00 hour that daylight
 * saving moves, so a day of 23 or 25 hours has the same eight working hours.
 */
export const WORKDAY_START_HOUR = 8;
export const WORKDAY_END_HOUR = 16;

/**
 * How far off the expected number still counts as on track: within 10 % either way. Below 90 % of
 * what the share of working days gone asks for is behind, above 110 % is ahead (decision 043).
 */
export const PACE_TOLERANCE = 0.1;

export type Pace = 'ahead' | 'on-track' | 'behind' | 'no-working-days';

export type PeriodShare = {
  /** Working days in the period. */
  workingDays: number;
  /** Working days gone, with today's share of its working hours (0 ... workingDays). */
  workingDaysGone: number;
  /** workingDaysGone / workingDays, 0 ... 1; 0 when the period has no working days. */
  share: number;
};

/** The part of a working day's hours gone at a wall-clock time: 0 before 08:00, 1 from 16:00. */
function computeWorkdayFraction(now: Date, timeZone: string): number {
  const wall = computeWallClock(now, timeZone);
  const hours = wall.getUTCHours() + wall.getUTCMinutes() / 60 + wall.getUTCSeconds() / 3600;
  const fraction = (hours - WORKDAY_START_HOUR) / (WORKDAY_END_HOUR - WORKDAY_START_HOUR);
  return Math.min(1, Math.max(0, fraction));
}

/**
 * The share of the period [from, to]'s working days gone at `now` in the company's time zone.
 * Days before today count whole, days after today not at all, today by its working hours.
 */
export function computePeriodShare(calendar: WorkingCalendar, from: LocalDate, to: LocalDate, now: Date, timeZone: string): PeriodShare {
  const today = computeLocalDate(now, timeZone);
  let workingDays = 0;
  let workingDaysGone = 0;
  for (const day of listLocalDates(from, to)) {
    if (!isWorkingDay(calendar, day)) continue;
    workingDays += 1;
    if (day < today) workingDaysGone += 1;
    else if (day === today) workingDaysGone += computeWorkdayFraction(now, timeZone);
  }
  return { workingDays, workingDaysGone, share: workingDays === 0 ? 0 : workingDaysGone / workingDays };
}

/**
 * The first day a target's pace counts from (decision 043): the day it took effect when that is inside
 * its period and a working day is left from it, else the period's first day. Progress still counts the
 * whole period (what was done before the target counts toward it); what is expected by now counts only
 * the working days since it was set, so a month's target set on the 7th is not "behind" on the 7th. A
 * target set with no working day left in its period (a week's, on a Saturday) is paced as the period's.
 */
export function computePaceFrom(calendar: WorkingCalendar, period: { from: LocalDate; to: LocalDate }, effectiveFrom: string): LocalDate {
  if (effectiveFrom <= period.from || effectiveFrom > period.to) return period.from;
  const from = effectiveFrom as LocalDate;
  return listLocalDates(from, period.to).some((day) => isWorkingDay(calendar, day)) ? from : period.from;
}

/** The share of a target's pace gone at `now`: its period's working days from `computePaceFrom` on. */
export function computeTargetShare(
  calendar: WorkingCalendar,
  period: { from: LocalDate; to: LocalDate },
  effectiveFrom: string,
  now: Date,
  timeZone: string,
): PeriodShare {
  return computePeriodShare(calendar, computePaceFrom(calendar, period, effectiveFrom), period.to, now, timeZone);
}

export type Pacing = {
  /** What the target asks for by now: target x share, unrounded. */
  expected: number;
  pace: Pace;
};

/**
 * Ahead, on track or behind: the progress against the part of the target the working days gone
 * ask for, within the tolerance band. Nothing expected yet (the first working hour of a period) is
 * on track with nothing done and ahead with anything done; a period without working days has no pace.
 */
export function computePacing(progress: number, target: number, share: PeriodShare): Pacing {
  if (share.workingDays === 0) return { expected: 0, pace: 'no-working-days' };
  const expected = target * share.share;
  if (expected <= 0) return { expected: 0, pace: progress > 0 ? 'ahead' : 'on-track' };
  const ratio = progress / expected;
  if (ratio < 1 - PACE_TOLERANCE) return { expected, pace: 'behind' };
  if (ratio > 1 + PACE_TOLERANCE) return { expected, pace: 'ahead' };
  return { expected, pace: 'on-track' };
}
