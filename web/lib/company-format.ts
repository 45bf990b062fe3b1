import { DEFAULT_CURRENCY, formatMoney, type MinorUnits } from '@core/money';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getIntlLocale } from '@web/i18n';
import { useMe } from './auth/get-me';

export type CompanyFormat = {
  locale: string;
  currency: string;
  timeZone: string;
  /** Integer minor units in the company currency, e.g. 1 250 000 -> "12 500 kr" (nb) or "NOK 12,500" (en). */
  money: (amount: number) => string;
  /** The currency's short sign in the current language ("kr", "NOK", "$"), for input adornments. */
  currencySymbol: string;
  /** A time of day in the company's time zone ("14:05"). */
  time: (iso: string) => string;
  /** A company-local day 'YYYY-MM-DD' as "Monday 3 November". */
  longDay: (localDate: string) => string;
  /** A company-local day 'YYYY-MM-DD' as "Mon 3 Nov". */
  shortDay: (localDate: string) => string;
  /** A plain number with the language's separators ("12 500", "2.5"). */
  number: (value: number, maximumFractionDigits?: number) => string;
};

/** Local days are calendar dates, not instants: read them at noon UTC so no zone can shift them. */
const dayAsDate = (localDate: string) => new Date(`${localDate}T12:00:00Z`);

/**
 * Formats money, numbers, times and days the way the signed-in person's company and language
 * expect: money in the company currency, times in the company's time zone (ARCHITECTURE.md: the
 * company's local day is the one that counts), words and separators in the person's language.
 */
export function useCompanyFormat(): CompanyFormat {
  const { i18n } = useTranslation();
  // The same cached query the AuthProvider reads (no extra request), and usable without it in tests.
  const { data: me } = useMe();
  const locale = getIntlLocale(i18n.language);
  const currency = me?.company?.currency ?? DEFAULT_CURRENCY;
  const timeZone = me?.company?.timezone ?? 'Europe/Oslo';
  return useMemo(() => {
    const timeFormat = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone });
    const longDayFormat = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    const shortDayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
    const currencySymbol =
      new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currency;
    return {
      locale,
      currency,
      timeZone,
      currencySymbol,
      money: (amount) => formatMoney(amount as MinorUnits, currency, locale),
      time: (iso) => timeFormat.format(new Date(iso)),
      longDay: (localDate) => longDayFormat.format(dayAsDate(localDate)),
      shortDay: (localDate) => shortDayFormat.format(dayAsDate(localDate)),
      number: (value, maximumFractionDigits = 1) => new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value),
    };
  }, [locale, currency, timeZone]);
}
