import { getIntlLocale } from '@web/i18n';

/** "12 Mar 2026" / "12. mars 2026" in the reader's language. */
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

export function formatDecimal(value: number, language: string): string {
  return new Intl.NumberFormat(getIntlLocale(language), { maximumFractionDigits: 4 }).format(value);
}

/** US cents as dollars: billing is in USD whatever the company's currency (spec 9). */
export function formatUsdCents(cents: number, language: string): string {
  // en-US says "$99"; en-GB would say "US$99" for the same dollars.
  const locale = getIntlLocale(language) === 'nb-NO' ? 'nb-NO' : 'en-US';
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
