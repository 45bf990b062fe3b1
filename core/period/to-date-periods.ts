import { addDays, diffDays, endOfMonth, type LocalDate, startOfMonth, startOfWeek } from './local-date';

/*
 * The boards' periods (decisions 101 and 102): today, this week from Monday or this month from the
 * 1st, each up to today in the company's calendar, and the equal stretch before it that a number's
 * change compares with. The app's widgets, the wall's board screens and the benchmark read the same days.
 */

export const TO_DATE_PERIODS = ['today', 'week', 'month'] as const;
export type ToDatePeriod = (typeof TO_DATE_PERIODS)[number];

/** The days a period covers up to today, in the company's calendar. */
export function computePeriodDays(period: ToDatePeriod, today: LocalDate): { from: LocalDate; to: LocalDate } {
  if (period === 'today') return { from: today, to: today };
  return { from: period === 'week' ? startOfWeek(today) : startOfMonth(today), to: today };
}

/**
 * The equal period before (a number widget's change): yesterday; last week from Monday to the same
 * weekday; last month from the 1st to the same day (or its last, in a shorter month).
 */
export function computePreviousPeriodDays(period: ToDatePeriod, today: LocalDate): { from: LocalDate; to: LocalDate } {
  if (period === 'today') {
    const yesterday = addDays(today, -1);
    return { from: yesterday, to: yesterday };
  }
  if (period === 'week') {
    const from = addDays(startOfWeek(today), -7);
    return { from, to: addDays(from, diffDays(startOfWeek(today), today)) };
  }
  const from = startOfMonth(addDays(startOfMonth(today), -1));
  const sameDay = addDays(from, diffDays(startOfMonth(today), today));
  const last = endOfMonth(from);
  return { from, to: sameDay > last ? last : sameDay };
}
