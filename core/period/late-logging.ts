import { TZDate } from '@date-fns/tz';
import { addDays, computeLocalDate, diffDays, type LocalDate } from './local-date';

/*
 * Late logging (decision 041): a rep may log, edit and delete their own activities of the days from
 * `windowDays` days before the company-local today up to today. Days are calendar days in the
 * company's zone, so a window never grows or shrinks across a DST change.
 */

/** Where a day lies for a rep: today, an earlier day inside the window, outside it, or after today. */
export type LoggingDayPlace = 'today' | 'late' | 'outside' | 'future';

export function placeLoggingDay(today: LocalDate, day: LocalDate, windowDays: number): LoggingDayPlace {
  const back = diffDays(day, today);
  if (back === 0) return 'today';
  if (back < 0) return 'future';
  return back <= windowDays ? 'late' : 'outside';
}

/** The earliest day a rep may log for. */
export const earliestLoggingDay = (today: LocalDate, windowDays: number): LocalDate => addDays(today, -windowDays);

/**
 * The instant of `date` at the wall-clock time `time` ('HH:MM' or 'HH:MM:SS') in `timeZone`. A
 * time a DST change skips resolves forward; the result always lies on `date` in that zone.
 */
export function computeLocalInstant(date: LocalDate, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm, ss = 0] = time.split(':').map(Number) as [number, number, number?];
  const instant = new Date(new TZDate(y, m - 1, d, hh, mm, ss, 0, timeZone).getTime());
  // Guard the day: a skipped hour near midnight must never carry the activity to a neighbouring day.
  const landed = computeLocalDate(instant, timeZone);
  if (landed === date) return instant;
  return new Date(new TZDate(y, m - 1, d, landed < date ? 23 : 0, landed < date ? 59 : 0, 0, 0, timeZone).getTime());
}

/** 'HH:MM:SS' of `instant` in `timeZone`. */
export function computeLocalTime(instant: Date, timeZone: string): string {
  const local = new TZDate(instant.getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getHours())}:${two(local.getMinutes())}:${two(local.getSeconds())}`;
}
