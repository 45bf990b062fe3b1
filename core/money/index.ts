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
 * number greater than 0 (a sale has a value). The digits are read as parseNumberInput reads them.
 */
export function parseMoneyInput(input: string): MinorUnits | null {
  const text = input
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(kr\.?|nok|sek|dkk|\$|€|£)/i, '')
    .replace(/(kr\.?|nok|sek|dkk|,-)$/i, '');
  if (text.startsWith('-')) return null;
  const value = parseNumberInput(text);
  if (value === null || value <= 0) return null;
  const minor = Math.round(value * 100);
  if (minor <= 0 || !Number.isSafeInteger(minor)) return null;
  return minor as MinorUnits;
}

/**
 * A number as a person types it, in any of the Nordic or English habits: '12 500', '12.500' and
 * '12.500,5' (Danish, and Norwegian by hand: no one means 12.5 by '12.500'), '12,500.5', '2,5'.
 * A single comma followed by one or two digits is a decimal comma; dots between groups of three
 * digits, before an optional decimal comma, are thousands separators; otherwise commas and spaces
 * are thousands separators and a dot is the decimal point. Null for anything else.
 */
export function parseNumberInput(input: string): number | null {
  let text = input.trim().replace(/[\s\u00a0\u202f]/g, '');
  const sign = text.startsWith('-') ? -1 : 1;
  if (sign < 0) text = text.slice(1);
  if (text === '') return null;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d+,\d{1,2}$/.test(text)) text = text.replace(',', '.');
  else text = text.replace(/,/g, '');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? sign * value : null;
}

/**
 * A whole number (a count, a target of calls) as a person types it: '1 000', '1.000' (Danish and
 * Norwegian), '1,000' (English). Dots or commas count as thousands separators only between groups
 * of three digits, as in parseMoneyInput; anything else that is not plain digits is null.
 */
export function parseWholeNumberInput(input: string): number | null {
  const text = input.trim().replace(/[\s\u00a0\u202f]/g, '');
  const whole = /^\d{1,3}([.,]\d{3})+$/.test(text) ? text.replace(/[.,]/g, '') : text;
  if (!/^\d+$/.test(whole)) return null;
  const value = Number(whole);
  return Number.isSafeInteger(value) ? value : null;
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
