import { DEFAULT_CURRENCY, formatMoney, type MinorUnits } from '@core/money';
import { DEFAULT_TIME_ZONE } from '@core/period';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getIntlLocale } from '@web/i18n';
import { useMe } from './auth/get-me';

/*
 * Every number, money amount, date and time the app shows is formatted here: with the company
 * (its currency and time zone: the company's local day is the one that counts, ARCHITECTURE.md)
 * by `useCompanyFormat`, or in the reader's language alone by the functions further down.
 */

export type CompanyFormat = {
  locale: string;
  currency: string;
  timeZone: string;
  /** The currency's short sign in the current language ("kr", "NOK", "$"), for input adornments. */
  currencySymbol: string;
  /** Whether the language writes that sign after the amount ("12 500 kr" in nb, sv and da; "NOK 12,500" in en). */
  currencyAfter: boolean;
  /** A number with the language's separators, whole by default ("12 500"; with 1 digit "2.5"). */
  number: (value: number, maximumFractionDigits?: number) => string;
  /** One decimal at most (averages). */
  decimal: (value: number) => string;
  /** A whole-number percent such as conversion, as the language writes it: 25 -> '25%' (en), '25 %' (nb, sv, da). */
  percent: (value: number) => string;
  /** Integer minor units in the company currency, e.g. 1 250 000 -> "12 500 kr" (nb) or "NOK 12,500" (en). */
  money: (minor: number) => string;
  /** HH:mm in the company's time zone. */
  time: (iso: string) => string;
  /** HH:mm in the company's time zone; with the day when it is not today. */
  activityTime: (iso: string, today: string) => string;
  /** '13 Nov, 14:32' in the company's time zone. */
  shortDateTime: (iso: string) => string;
  /** Full date and time, for a title or screen reader. */
  dateTime: (iso: string) => string;
  /** '12 Mar 2026, 14:05' in the company's time zone. */
  mediumDateTime: (iso: string) => string;
  /** A calendar date such as 13 Nov 2026, in the company's time zone. */
  date: (iso: string) => string;
  /** The local calendar day of an instant, YYYY-MM-DD, in the company's time zone. */
  localDay: (iso: string) => string;
  /** A company-local day 'YYYY-MM-DD' as "Monday 3 November". */
  longDay: (localDate: string) => string;
  /** A company-local day 'YYYY-MM-DD' as "Mon 3 Nov". */
  shortDay: (localDate: string) => string;
};

/** Local days are calendar dates, not instants: read them at noon UTC so no zone can shift them. */
const dayAsDate = (localDate: string) => new Date(`${localDate}T12:00:00Z`);

/** A value made on first use: an Intl formatter costs 5-15 ms to make on a throttled phone (bench:web --profile). */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** One formatter per language, zone and currency, shared by every screen that asks for it. */
const companyFormats = new Map<string, CompanyFormat>();

/** Number, money and time formatting in the reader's language and the company's time zone and currency. */
export function createCompanyFormat(language: string, timeZone: string, currency: string): CompanyFormat {
  const key = `${language}|${timeZone}|${currency}`;
  let format = companyFormats.get(key);
  if (!format) companyFormats.set(key, (format = makeCompanyFormat(language, timeZone, currency)));
  return format;
}

function makeCompanyFormat(language: string, timeZone: string, currency: string): CompanyFormat {
  const locale = getIntlLocale(language);
  // Each made when first used: a screen formats a few kinds of values, not all ten.
  const integer = once(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }));
  const percent = once(() => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }));
  const oneDecimal = once(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }));
  const clock = once(() => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }));
  const dayAndClock = once(
    () => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone }),
  );
  const full = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone }));
  const medium = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }));
  const calendar = once(() => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone }));
  const isoDay = once(() => new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }));
  const longDay = once(() => new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }));
  const shortDay = once(() => new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }));
  const currencySymbol = once(
    () =>
      new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currency,
  );
  const currencyAfter = once(() => {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1).map((part) => part.type);
    return parts.indexOf('currency') > parts.indexOf('integer');
  });
  const localDay = (iso: string) => isoDay().format(new Date(iso));
  return {
    locale,
    currency,
    timeZone,
    get currencySymbol() {
      return currencySymbol();
    },
    get currencyAfter() {
      return currencyAfter();
    },
    number: (value, maximumFractionDigits = 0) =>
      (maximumFractionDigits === 0
        ? integer()
        : maximumFractionDigits === 1
          ? oneDecimal()
          : new Intl.NumberFormat(locale, { maximumFractionDigits })
      ).format(value),
    decimal: (value) => oneDecimal().format(value),
    percent: (value) => percent().format(value / 100),
    money: (minor) => formatMoney(minor as MinorUnits, currency, locale),
    time: (iso) => clock().format(new Date(iso)),
    activityTime: (iso, today) => (localDay(iso) === today ? clock() : dayAndClock()).format(new Date(iso)),
    shortDateTime: (iso) => dayAndClock().format(new Date(iso)),
    dateTime: (iso) => full().format(new Date(iso)),
    mediumDateTime: (iso) => medium().format(new Date(iso)),
    date: (iso) => calendar().format(new Date(iso)),
    localDay,
    longDay: (localDate) => longDay().format(dayAsDate(localDate)),
    shortDay: (localDate) => shortDay().format(dayAsDate(localDate)),
  };
}

/**
 * The formatter for the signed-in member's company (time zone and currency from /me: the same
 * cached query the AuthProvider reads, no extra request, and usable without it in tests).
 */
export function useCompanyFormat(override?: { timeZone?: string }): CompanyFormat {
  const { i18n } = useTranslation();
  const { data: me } = useMe();
  const timeZone = override?.timeZone ?? me?.company?.timezone ?? DEFAULT_TIME_ZONE;
  const currency = me?.company?.currency ?? DEFAULT_CURRENCY;
  return useMemo(() => createCompanyFormat(i18n.language, timeZone, currency), [i18n.language, timeZone, currency]);
}

/** '10 – 16 Nov' for a range of calendar dates 'YYYY-MM-DD'. */
export function formatDateRange(from: string, to: string, locale: string): string {
  const formatter = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return formatter.formatRange(dayAsDate(from), dayAsDate(to));
}

/** 'November 2026' for the month of a calendar date. */
export function formatMonthYear(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(dayAsDate(date));
}

/** 'Thursday 13 November' for a calendar date. */
export function formatWeekdayDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(dayAsDate(date));
}

/*
 * In the reader's language alone (the browser's time zone): the settings and admin screens'
 * dates of record (joined, created, expires) and counts.
 */

/** "12 Mar 2026" / "12. mars 2026". */
export function formatDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(getIntlLocale(language), { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}

/** "12 Mar 2026, 14:05". */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(getIntlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(getIntlLocale(language)).format(value);
}

/**
 * A whole-number percent in the reader's language alone (a signed-out wall has no company): 25 -> '25 %' in
 * Norwegian; `grouping: false` keeps the digits together (8300, not 8,300).
 */
export function formatPercent(value: number, language: string, options: { grouping?: boolean } = {}): string {
  return new Intl.NumberFormat(getIntlLocale(language), {
    style: 'percent',
    maximumFractionDigits: 0,
    useGrouping: options.grouping ?? true,
  }).format(value / 100);
}

export function formatDecimal(value: number, language: string): string {
  return new Intl.NumberFormat(getIntlLocale(language), { maximumFractionDigits: 4 }).format(value);
}

/** US cents as dollars: billing is in USD whatever the company's currency. */
export function formatUsdCents(cents: number, language: string): string {
  // en-US says "$99"; en-GB would say "US$99" for the same dollars.
  const locale = getIntlLocale(language) === 'en-GB' ? 'en-US' : getIntlLocale(language);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

/** "Norwegian krone (NOK)". */
export function describeCurrency(code: string, language: string): string {
  try {
    const name = new Intl.DisplayNames([getIntlLocale(language)], { type: 'currency' }).of(code);
    return name ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}
