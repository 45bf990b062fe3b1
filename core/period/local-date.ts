import { TZDate } from '@date-fns/tz';

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
  if (year < FIRST_LOCAL_YEAR || year > LAST_LOCAL_YEAR) return false;
  // A date that does not exist (2025-02-30) rolls over into the next month.
  const month = Number(value.slice(5, 7));
  const day = toDay(value as LocalDate);
  return day.getUTCMonth() === month - 1 && day.getUTCDate() === Number(value.slice(8, 10));
}

export function toLocalDate(value: string): LocalDate {
  if (!isLocalDate(value)) throw new Error(`Not a calendar date: ${value}`);
  return value;
}

/*
 * Calendar arithmetic on local days is done on the UTC fields of a Date at the day's UTC
 * midnight: UTC has no daylight saving and never skipped a day, so the machine's zone (a server's,
 * a browser's in Apia in 2011) never shifts a result. Written out rather than with date-fns and
 * @date-fns/utc: UTCDate builds three Intl formatters when it loads, 30-60 ms on a throttled phone's
 * start (bench:web --profile), for what Date.UTC does in a line; this also runs on every write and
 * every report day.
 */
const DAY_MS = 86_400_000;

function toDay(date: LocalDate): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

// Written out rather than date-fns's format(): this runs on every write and every report day,
// and format() costs ten times as much for the same four digits, two and two.
function formatDay(year: number, monthIndex: number, date: number): LocalDate {
  const month = monthIndex + 1;
  return `${year}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}` as LocalDate;
}

function fromDay(day: Date): LocalDate {
  return formatDay(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
}

/** The wall-clock day of an instant in a zone (a TZDate's own fields). */
function fromZoned(zoned: TZDate): LocalDate {
  return formatDay(zoned.getFullYear(), zoned.getMonth(), zoned.getDate());
}

/** The calendar day that `instant` falls on in `timeZone`. */
export function computeLocalDate(instant: Date, timeZone: string): LocalDate {
  return fromZoned(new TZDate(instant.getTime(), timeZone));
}

/** Pure calendar arithmetic: no time zone is involved in moving between days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const day = toDay(date);
  day.setUTCDate(day.getUTCDate() + days);
  return fromDay(day);
}

/** 0 = Monday ... 6 = Sunday (ISO weekday minus one). */
export function computeWeekdayIndex(date: LocalDate): number {
  return (toDay(date).getUTCDay() + 6) % 7;
}

/** The Monday of the ISO week `date` is in. */
export function startOfWeek(date: LocalDate): LocalDate {
  return addDays(date, -computeWeekdayIndex(date));
}

export function startOfMonth(date: LocalDate): LocalDate {
  return `${date.slice(0, 8)}01` as LocalDate;
}

export function endOfMonth(date: LocalDate): LocalDate {
  const day = toDay(date);
  // Day 0 of the next month is this month's last.
  return fromDay(new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 0)));
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function diffDays(from: LocalDate, to: LocalDate): number {
  return Math.round((toDay(to).getTime() - toDay(from).getTime()) / DAY_MS);
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
  const days: LocalDate[] = [];
  for (let day = toDay(from), end = toDay(to).getTime(); day.getTime() <= end; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(fromDay(day));
  }
  return days;
}

/** The ISO 8601 week of a day: its year is the year of the week's Thursday, so 2027-01-01 is in 2026-W53. */
export function computeIsoWeek(date: LocalDate): { isoYear: number; isoWeek: number } {
  const thursday = addDays(startOfWeek(date), 3);
  const isoYear = Number(thursday.slice(0, 4));
  const isoWeek = Math.floor(diffDays(toLocalDate(`${isoYear}-01-01`), thursday) / 7) + 1;
  return { isoYear, isoWeek };
}
