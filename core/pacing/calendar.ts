import Holidays from 'date-holidays';
import { computeWeekdayIndex, type LocalDate } from '../period';
import type { CalendarCountry } from './countries';

/** A company's working calendar: weekends off, the country's public holidays off, and its own days off. */
export type WorkingCalendar = {
  country: CalendarCountry;
  /** Company-defined days off (a summer closure, Christmas Eve), as local dates. */
  daysOff: ReadonlySet<string>;
};

export type PublicHoliday = { date: LocalDate; name: string };

// date-holidays builds its rules per country on construction; keep one per country and language.
const libraries = new Map<string, Holidays>();
const byYear = new Map<string, PublicHoliday[]>();

function libraryFor(country: CalendarCountry, language: string): Holidays {
  const key = `${country}:${language}`;
  let library = libraries.get(key);
  if (!library) {
    // 'public' days are days off; 'observance' days are working days unless the company adds them
    // as its own. 'bank' days differ by country: Sweden's eves (midsommarafton, julafton, nyårsafton)
    // are off for nearly everyone by collective agreement, so days off there; Norway's (Christmas
    // Eve, New Year's Eve) are half days, so working days (decision 043).
    library = new Holidays(country, { types: country === 'SE' ? ['public', 'bank'] : ['public'], languages: [language] });
    libraries.set(key, library);
  }
  return library;
}

/** The country's public holidays in a year, by local date (their names in `language`, falling back to the country's own). */
export function listPublicHolidays(country: CalendarCountry, year: number, language = 'en'): PublicHoliday[] {
  const key = `${country}:${year}:${language}`;
  let days = byYear.get(key);
  if (!days) {
    const seen = new Set<string>();
    days = [];
    for (const holiday of libraryFor(country, language).getHolidays(year, language)) {
      // `date` is the local calendar day, written 'YYYY-MM-DD hh:mm:ss' in the country's own time.
      const date = holiday.date.slice(0, 10) as LocalDate;
      if (seen.has(date)) continue;
      seen.add(date);
      days.push({ date, name: holiday.name });
    }
    byYear.set(key, days);
  }
  return days;
}

export function isPublicHoliday(country: CalendarCountry, date: LocalDate): boolean {
  return listPublicHolidays(country, Number(date.slice(0, 4))).some((holiday) => holiday.date === date);
}

/** Monday to Friday, not a public holiday of the company's country, not one of its own days off. */
export function isWorkingDay(calendar: WorkingCalendar, date: LocalDate): boolean {
  if (computeWeekdayIndex(date) >= 5) return false;
  if (calendar.daysOff.has(date)) return false;
  return !isPublicHoliday(calendar.country, date);
}
