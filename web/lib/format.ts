import { formatMoney, type MinorUnits } from '@core/money';
import { DEFAULT_TIME_ZONE } from '@core/period';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getIntlLocale } from '@web/i18n';
import { useAuth } from '@web/lib/auth/auth-provider';

export type ScoreboardFormat = {
  locale: string;
  timeZone: string;
  number: (value: number) => string;
  /** One decimal at most (averages). */
  decimal: (value: number) => string;
  /** A whole-number percent such as conversion: 25 -> '25%'. */
  percent: (value: number) => string;
  money: (minor: number) => string;
  /** HH:mm in the company's time zone. */
  time: (iso: string) => string;
  /** HH:mm in the company's time zone; with the day when it is not today. */
  activityTime: (iso: string, today: string) => string;
  /** '13 Nov, 14:32' in the company's time zone. */
  shortDateTime: (iso: string) => string;
  /** Full date and time, for a title or screen reader. */
  dateTime: (iso: string) => string;
  /** A calendar date such as 13 Nov 2026. */
  date: (iso: string) => string;
  /** The local calendar day of an instant, YYYY-MM-DD, in the company's time zone. */
  localDay: (iso: string) => string;
};

/** Number, money and time formatting in the reader's language and the company's time zone. */
export function createScoreboardFormat(language: string, timeZone: string, currency: string): ScoreboardFormat {
  const locale = getIntlLocale(language);
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const oneDecimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const clock = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone });
  const dayAndClock = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone });
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
  const calendar = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  const isoDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
  const localDay = (iso: string) => isoDay.format(new Date(iso));
  return {
    locale,
    timeZone,
    number: (value) => integer.format(value),
    decimal: (value) => oneDecimal.format(value),
    percent: (value) => `${integer.format(value)}%`,
    money: (minor) => formatMoney(minor as MinorUnits, currency, locale),
    time: (iso) => clock.format(new Date(iso)),
    activityTime: (iso, today) => (localDay(iso) === today ? clock : dayAndClock).format(new Date(iso)),
    shortDateTime: (iso) => dayAndClock.format(new Date(iso)),
    dateTime: (iso) => full.format(new Date(iso)),
    date: (iso) => calendar.format(new Date(iso)),
    localDay,
  };
}

/** The formatter for the signed-in member's company (time zone and currency from /me). */
export function useScoreboardFormat(override?: { timeZone?: string }): ScoreboardFormat {
  const { i18n } = useTranslation();
  const { me } = useAuth();
  const timeZone = override?.timeZone ?? me?.company?.timezone ?? DEFAULT_TIME_ZONE;
  const currency = me?.company?.currency ?? 'NOK';
  return useMemo(() => createScoreboardFormat(i18n.language, timeZone, currency), [i18n.language, timeZone, currency]);
}

/** The ISO-8601 week number of a calendar date 'YYYY-MM-DD' (Nordic calendars number weeks). */
export function computeIsoWeek(date: string): number {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0
  day.setUTCDate(day.getUTCDate() - weekday + 3); // the Thursday of this week decides the year
  const firstThursday = new Date(Date.UTC(day.getUTCFullYear(), 0, 4));
  const firstWeekday = (firstThursday.getUTCDay() + 6) % 7;
  firstThursday.setUTCDate(firstThursday.getUTCDate() - firstWeekday + 3);
  return 1 + Math.round((day.getTime() - firstThursday.getTime()) / (7 * 24 * 3600 * 1000));
}

/** '10 – 16 Nov' for a range of calendar dates 'YYYY-MM-DD'. */
export function formatDateRange(from: string, to: string, locale: string): string {
  const formatter = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return formatter.formatRange(new Date(`${from}T12:00:00Z`), new Date(`${to}T12:00:00Z`));
}

/** 'November 2026' for the month of a calendar date. */
export function formatMonthYear(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** 'Thursday 13 November' for a calendar date. */
export function formatWeekdayDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}
