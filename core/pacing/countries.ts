/* Kept apart from calendar.ts so the web and the contracts can name the countries without loading date-holidays. */

/**
 * The countries whose public holidays a company's calendar can follow: the Nordics first, then the
 * neighbours Dealboard's customers trade with. date-holidays knows far more; the list is short so
 * the setting stays a simple choice (decision 043).
 */
export const CALENDAR_COUNTRIES = ['NO', 'SE', 'DK', 'FI', 'IS', 'GB', 'IE', 'DE', 'NL', 'US'] as const;
export type CalendarCountry = (typeof CALENDAR_COUNTRIES)[number];
export const DEFAULT_CALENDAR_COUNTRY: CalendarCountry = 'NO';

export function isCalendarCountry(value: string): value is CalendarCountry {
  return (CALENDAR_COUNTRIES as readonly string[]).includes(value);
}
