/* Kept apart from calendar.ts so the web and the contracts can name the countries without loading date-holidays. */

/**
 * The countries whose public holidays a company's calendar can follow: the Nordics first, then the
 * neighbours Dealboard's customers trade with. date-holidays knows far more; the list is short so
 * the setting stays a simple choice (decision 043).
 */
export const CALENDAR_COUNTRIES = ['NO', 'SE', 'DK', 'FI', 'IS', 'GB', 'IE', 'DE', 'NL', 'US'] as const;
export type CalendarCountry = (typeof CALENDAR_COUNTRIES)[number];
export const DEFAULT_CALENDAR_COUNTRY: CalendarCountry = 'NO';

/** The countries whose clocks a time zone is: a company in Copenhagen keeps Danish holidays until told otherwise. */
const TIME_ZONE_COUNTRIES: Readonly<Record<string, CalendarCountry>> = {
  'Europe/Oslo': 'NO',
  'Arctic/Longyearbyen': 'NO',
  'Europe/Stockholm': 'SE',
  'Europe/Copenhagen': 'DK',
  'Europe/Helsinki': 'FI',
  'Europe/Mariehamn': 'FI',
  'Atlantic/Reykjavik': 'IS',
  'Europe/London': 'GB',
  'Europe/Dublin': 'IE',
  'Europe/Berlin': 'DE',
  'Europe/Amsterdam': 'NL',
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Phoenix': 'US',
  'America/Los_Angeles': 'US',
  'America/Anchorage': 'US',
  'Pacific/Honolulu': 'US',
};

/**
 * The calendar a company follows until an admin chooses one (decision 043): its time zone's country,
 * else Norway's. A Danish team set up in Europe/Copenhagen is paced by Danish holidays from the start.
 */
export function computeDefaultCalendarCountry(timeZone: string | null | undefined): CalendarCountry {
  return (timeZone && TIME_ZONE_COUNTRIES[timeZone]) || DEFAULT_CALENDAR_COUNTRY;
}

export function isCalendarCountry(value: string): value is CalendarCountry {
  return (CALENDAR_COUNTRIES as readonly string[]).includes(value);
}
