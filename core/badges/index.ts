import type { CompanyBadgePeriod } from '../contracts/badges';
import { computeIsoWeek } from '../period';
import { isWorkingDay, type WorkingCalendar } from '../pacing';
import { addDays, endOfMonth, type LocalDate, startOfMonth, startOfWeek } from '../period';

/*
 * The arithmetic of badges (decision 050): streaks of working days, and the occasion keys that make
 * a badge unique per member (an ISO week, a month).
 */

/** A run of working days on which the daily goal was met: its first and last day and how many working days it holds. */
export type GoalStreak = { from: LocalDate; to: LocalDate; days: number };

/**
 * The streak that holds `day`: the working days around it on which the goal was met, without a
 * working day in between on which it was not. Weekends, the country's public holidays and the
 * company's own days off neither count nor break a streak. Null when `day` is not a working day,
 * its goal was not met, or the run reaches back past `window.from` (the days known: a run longer
 * than the window was counted, and rewarded, when it was shorter). Days after `window.to` (today,
 * or the end of the days read) are not known yet: the run is counted up to it.
 */
export function findGoalStreak(
  calendar: WorkingCalendar,
  metDays: ReadonlySet<string>,
  day: LocalDate,
  window: { from: LocalDate; to: LocalDate },
): GoalStreak | null {
  if (!isWorkingDay(calendar, day) || !metDays.has(day)) return null;
  let days = 1;
  let from = day;
  for (let d = addDays(day, -1); ; d = addDays(d, -1)) {
    if (d < window.from) return null;
    if (!isWorkingDay(calendar, d)) continue;
    if (!metDays.has(d)) break;
    from = d;
    days += 1;
  }
  let to = day;
  for (let d = addDays(day, 1); ; d = addDays(d, 1)) {
    if (d > window.to) break;
    if (!isWorkingDay(calendar, d)) continue;
    if (!metDays.has(d)) break;
    to = d;
    days += 1;
  }
  return { from, to, days };
}

/** The ISO week a day belongs to, as 'YYYY-Www' (Monday to Sunday, the company's local days). */
export function formatIsoWeek(day: LocalDate): string {
  const { isoYear, isoWeek } = computeIsoWeek(day);
  return `${isoYear}-W${String(isoWeek).padStart(2, '0')}`;
}

/** The calendar month of a day, 'YYYY-MM'. */
export function formatMonth(day: LocalDate): string {
  return day.slice(0, 7);
}

/**
 * The day, ISO week or month that holds `day`, for a company's own badge (decision 107): its first
 * and last day, and the key that makes the badge once per member and period ('2026-12-03',
 * '2026-W49', '2026-12'); a milestone's ('ever') is all of time, once.
 */
export function findBadgePeriod(period: CompanyBadgePeriod, day: LocalDate): { from: LocalDate; to: LocalDate; key: string } {
  switch (period) {
    case 'day':
      return { from: day, to: day, key: day };
    case 'week': {
      const from = startOfWeek(day);
      return { from, to: addDays(from, 6), key: formatIsoWeek(day) };
    }
    case 'month':
      return { from: startOfMonth(day), to: endOfMonth(day), key: formatMonth(day) };
    case 'ever':
      // Everything logged, before and after the day written to (a late log adds to the same count).
      return { from: EVER_FROM, to: EVER_TO, key: 'ever' };
  }
}

/** The first and last day a milestone badge counts ("ever"): before any company and after every plan. */
const EVER_FROM = '2000-01-01' as LocalDate;
const EVER_TO = '2999-12-31' as LocalDate;
