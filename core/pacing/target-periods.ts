import { addDays, endOfMonth, type LocalDate, startOfMonth, startOfWeek } from '../period';

/** The periods a manager's target runs over: a day, an ISO week (Monday to Sunday), a calendar month. */
export const TARGET_PERIODS = ['day', 'week', 'month'] as const;
export type TargetPeriod = (typeof TARGET_PERIODS)[number];

/** The day, week or month that holds `date`, both ends included. */
export function computeTargetPeriodDates(period: TargetPeriod, date: LocalDate): { from: LocalDate; to: LocalDate } {
  switch (period) {
    case 'day':
      return { from: date, to: date };
    case 'week': {
      const monday = startOfWeek(date);
      return { from: monday, to: addDays(monday, 6) };
    }
    case 'month':
      return { from: startOfMonth(date), to: endOfMonth(date) };
  }
}

/**
 * The day whose target a period is measured against: its last day once it is over, today while
 * it runs. So last month keeps last month's target after a new one took over (history stays true),
 * and a target that starts today counts for the week it starts in.
 */
export function computeTargetReferenceDay(periodTo: LocalDate, today: LocalDate): LocalDate {
  return periodTo < today ? periodTo : today;
}
