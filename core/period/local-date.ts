import { TZDate } from '@date-fns/tz';
import { UTCDate } from '@date-fns/utc';
import {
  addDays as addCalendarDays,
  differenceInCalendarDays,
  eachDayOfInterval,
  endOfMonth as endOfCalendarMonth,
  getISODay,
  isValid,
  parseISO,
  startOfISOWeek,
  startOfMonth as startOfCalendarMonth,
} from 'date-fns';

/** A calendar day in some time zone, as 'YYYY-MM-DD'. Branded so it cannot be mixed with ISO instants. */
export type LocalDate = string & { readonly __brand: 'LocalDate' };

const LOCAL_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The years a day of ours can fall in: any date a sales record or a report can have, and far from
 * the edges where this arithmetic breaks (Date reads years 0-99 as 1900-1999, and past 9999
 * 'YYYY-MM-DD' grows a digit and stops sorting as text: a month of 9999-12 listed days forever).
 */
export const FIRST_LOCAL_YEAR = 1900;
export const LAST_LOCAL_YEAR = 2999;

export function isLocalDate(value: string): value is LocalDate {
  if (!LOCAL_DATE_RE.test(value)) return false;
  const year = Number(value.slice(0, 4));
  // A date that does not exist (2025-02-30) parses as Invalid Date.
  return year >= FIRST_LOCAL_YEAR && year <= LAST_LOCAL_YEAR && isValid(parseISO(value));
}

export function toLocalDate(value: string): LocalDate {
  if (!isLocalDate(value)) throw new Error(`Not a calendar date: ${value}`);
  return value;
}

/**
 * A local day as a date-fns value: a UTCDate at that day's midnight. date-fns computes in the
 * value's own terms, and UTC has no daylight saving and never skipped a day, so the machine's zone
 * (a server's, a browser's in Apia in 2011) never shifts a result. (A TZDate pinned to 'UTC' would
 * do too, at forty times the cost: it asks Intl on every step.)
 */
function toDay(date: LocalDate): UTCDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new UTCDate(y, m - 1, d);
}

// Written out rather than date-fns's format(): this runs on every write and every report day,
// and format() costs ten times as much for the same four digits, two and two.
function fromDay(day: Date): LocalDate {
  const month = day.getMonth() + 1;
  const date = day.getDate();
  return `${day.getFullYear()}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}` as LocalDate;
}

/** The calendar day that `instant` falls on in `timeZone`. */
export function computeLocalDate(instant: Date, timeZone: string): LocalDate {
  return fromDay(new TZDate(instant.getTime(), timeZone));
}

/** Pure calendar arithmetic: no time zone is involved in moving between days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  return fromDay(addCalendarDays(toDay(date), days));
}

/** 0 = Monday ... 6 = Sunday (ISO weekday minus one). */
export function computeWeekdayIndex(date: LocalDate): number {
  return getISODay(toDay(date)) - 1;
}

export function startOfWeek(date: LocalDate): LocalDate {
  return fromDay(startOfISOWeek(toDay(date)));
}

export function startOfMonth(date: LocalDate): LocalDate {
  return fromDay(startOfCalendarMonth(toDay(date)));
}

export function endOfMonth(date: LocalDate): LocalDate {
  return fromDay(endOfCalendarMonth(toDay(date)));
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function diffDays(from: LocalDate, to: LocalDate): number {
  return differenceInCalendarDays(toDay(to), toDay(from));
}

/**
 * The instant local midnight begins `date` in `timeZone`. Across a DST change a local day is
 * 23 or 25 hours long, which is why windows are built from two midnights, never from "+24 h".
 */
export function computeStartOfLocalDay(date: LocalDate, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const zoned = new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone);
  return new Date(zoned.getTime());
}

/**
 * The wall-clock time of `instant` in `timeZone`, as a Date whose UTC fields hold it (whole
 * seconds): for files, which carry no time zone, so that a spreadsheet shows the time as it was
 * read off the wall in the company's office. Not an instant: never compare it with one.
 */
export function computeWallClock(instant: Date, timeZone: string): Date {
  const local = new TZDate(instant.getTime(), timeZone);
  return new Date(
    Date.UTC(local.getFullYear(), local.getMonth(), local.getDate(), local.getHours(), local.getMinutes(), local.getSeconds()),
  );
}

/**
 * Milliseconds from `now` until the next local midnight in `timeZone`: when screens left open
 * (a wall display, yesterday's dashboard) must start the new day. DST-correct, like every window.
 */
export function computeMsUntilNextLocalDay(now: Date, timeZone: string): number {
  const tomorrow = addDays(computeLocalDate(now, timeZone), 1);
  return computeStartOfLocalDay(tomorrow, timeZone).getTime() - now.getTime();
}

/** Every day from `from` to `to`, both included; none when `to` is before `from`. */
export function listLocalDates(from: LocalDate, to: LocalDate): LocalDate[] {
  if (diffDays(from, to) < 0) return [];
  return eachDayOfInterval({ start: toDay(from), end: toDay(to) }).map(fromDay);
}
