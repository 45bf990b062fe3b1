import { addDays, computeLocalDate, computeStartOfLocalDay, endOfMonth, type LocalDate, startOfMonth, startOfWeek } from './local-date';

export const PERIOD_KINDS = ['today', 'yesterday', 'week', 'month', 'last7'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/**
 * A run of whole local days [from, to] (both inclusive) and the instants that bound it
 * [start, end). Rollups are keyed by local day, activity rows by instant; both views agree.
 */
export type LocalPeriod = {
  from: LocalDate;
  to: LocalDate;
  start: Date;
  end: Date;
  timeZone: string;
};

export function computePeriodForDates(from: LocalDate, to: LocalDate, timeZone: string): LocalPeriod {
  return {
    from,
    to,
    start: computeStartOfLocalDay(from, timeZone),
    end: computeStartOfLocalDay(addDays(to, 1), timeZone),
    timeZone,
  };
}

/**
 * The company's local period of a kind, as seen at `now`. "week" starts Monday and runs to
 * Sunday; "month" is the whole calendar month; "last7" is today and the six days before it.
 */
export function computePeriod(kind: PeriodKind, now: Date, timeZone: string): LocalPeriod {
  const today = computeLocalDate(now, timeZone);
  switch (kind) {
    case 'today':
      return computePeriodForDates(today, today, timeZone);
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return computePeriodForDates(yesterday, yesterday, timeZone);
    }
    case 'week': {
      const monday = startOfWeek(today);
      return computePeriodForDates(monday, addDays(monday, 6), timeZone);
    }
    case 'month':
      return computePeriodForDates(startOfMonth(today), endOfMonth(today), timeZone);
    case 'last7':
      return computePeriodForDates(addDays(today, -6), today, timeZone);
  }
}
