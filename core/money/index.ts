/** Money is held in integer minor units (øre, cents) so sums are exact. */
export type MinorUnits = number & { readonly __unit: 'MinorUnits' };

export const DEFAULT_CURRENCY = 'NOK';
export const SUPPORTED_CURRENCIES = ['NOK', 'SEK', 'DKK', 'EUR', 'USD', 'GBP'] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];

export function toMinorUnits(value: number): MinorUnits {
  if (!Number.isSafeInteger(value)) throw new Error(`Minor units must be a whole number: ${value}`);
  return value as MinorUnits;
}

export function computeMajorUnits(amount: MinorUnits): number {
  return amount / 100;
}

/**
 * Parses what a person types as a sale value: '12 500', '12500,50', '12,500.50', '1 999.9',
 * '12.500' and '12.500,50' (Danish), '12 500 kr'. Returns null unless the result is a finite
 * number greater than 0 (a sale has a value). A single comma followed by one or two digits is a
 * decimal comma (the Nordic habit); dots between groups of three digits, before an optional decimal
 * comma, are thousands separators (Danish, and Norwegian by hand: no one means 12.5 kroner by
 * '12.500'); otherwise commas and spaces are thousands separators and a dot is the decimal point.
 */
export function parseMoneyInput(input: string): MinorUnits | null {
  let text = input
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(kr\.?|nok|sek|dkk|\$|€|£)/i, '')
    .replace(/(kr\.?|nok|sek|dkk|,-)$/i, '');
  if (text === '') return null;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d{1,2}$/.test(text)) text = text.replace(',', '.');
  else text = text.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) return null;
  const minor = Math.round(value * 100);
  if (minor <= 0 || !Number.isSafeInteger(minor)) return null;
  return minor as MinorUnits;
}

export function formatMoney(amount: MinorUnits, currency: string, locale: string): string {
  const major = computeMajorUnits(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    // The app's English is en-GB, which writes 'US$12,500'; dollars are the only ones Dealboard
    // knows, so English shows '$12,500' as decision 013 does. Kroner stay 'NOK 12,500'.
    currencyDisplay: currency === 'USD' && locale.startsWith('en') ? 'narrowSymbol' : 'symbol',
    maximumFractionDigits: Number.isInteger(major) ? 0 : 2,
    minimumFractionDigits: Number.isInteger(major) ? 0 : 2,
  }).format(major);
}
