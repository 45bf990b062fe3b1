import { TZDate } from '@date-fns/tz';

/** A calendar day in some time zone, as 'YYYY-MM-DD'. Branded so it cannot be mixed with ISO instants. */
export type LocalDate = string & { readonly __brand: 'LocalDate' };

const LOCAL_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The years a day of ours can fall in: any date a sales record or a report can have, and far from
 * the edges where this arithmetic breaks (Date.UTC reads years 0-99 as 1900-1999, and past 9999
 * 'YYYY-MM-DD' grows a digit and stops sorting as text: a month of 9999-12 listed days forever).
 */
export const FIRST_LOCAL_YEAR = 1900;
export const LAST_LOCAL_YEAR = 2999;

export function isLocalDate(value: string): value is LocalDate {
  if (!LOCAL_DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (y < FIRST_LOCAL_YEAR || y > LAST_LOCAL_YEAR) return false;
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

export function toLocalDate(value: string): LocalDate {
  if (!isLocalDate(value)) throw new Error(`Not a calendar date: ${value}`);
  return value;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function fromUtcParts(y: number, m0: number, d: number): LocalDate {
  const date = new Date(Date.UTC(y, m0, d));
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` as LocalDate;
}

function parts(date: LocalDate): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

/** The calendar day that `instant` falls on in `timeZone`. */
export function computeLocalDate(instant: Date, timeZone: string): LocalDate {
  const zoned = new TZDate(instant.getTime(), timeZone);
  return fromUtcParts(zoned.getFullYear(), zoned.getMonth(), zoned.getDate());
}

/** Pure calendar arithmetic: no time zone is involved in moving between days. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [y, m, d] = parts(date);
  return fromUtcParts(y, m - 1, d + days);
}

/** 0 = Monday ... 6 = Sunday (ISO weekday minus one). */
export function computeWeekdayIndex(date: LocalDate): number {
  const [y, m, d] = parts(date);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

export function startOfWeek(date: LocalDate): LocalDate {
  return addDays(date, -computeWeekdayIndex(date));
}

export function startOfMonth(date: LocalDate): LocalDate {
  const [y, m] = parts(date);
  return fromUtcParts(y, m - 1, 1);
}

export function endOfMonth(date: LocalDate): LocalDate {
  const [y, m] = parts(date);
  return fromUtcParts(y, m, 0);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function diffDays(from: LocalDate, to: LocalDate): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/**
 * The instant local midnight begins `date` in `timeZone`. Across a DST change a local day is
 * 23 or 25 hours long, which is why windows are built from two midnights, never from "+24 h".
 */
export function computeStartOfLocalDay(date: LocalDate, timeZone: string): Date {
  const [y, m, d] = parts(date);
  const zoned = new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone);
  return new Date(zoned.getTime());
}

/**
 * Milliseconds from `now` until the next local midnight in `timeZone`: when screens left open
 * (a wall display, yesterday's dashboard) must start the new day. DST-correct, like every window.
 */
export function computeMsUntilNextLocalDay(now: Date, timeZone: string): number {
  const tomorrow = addDays(computeLocalDate(now, timeZone), 1);
  return computeStartOfLocalDay(tomorrow, timeZone).getTime() - now.getTime();
}

export function listLocalDates(from: LocalDate, to: LocalDate): LocalDate[] {
  // Counted in days, not compared as text (text stops sorting at five-digit years).
  const out: LocalDate[] = [];
  for (let i = 0, days = diffDays(from, to); i <= days; i++) out.push(addDays(from, i));
  return out;
}
