import type { KpiFormat } from '../contracts/kpis';
import { formatMoney, type MinorUnits } from '../money';

/**
 * A KPI's value as its format says (decision 101): a number, money (minor units of the company's
 * currency), a percent (a ratio of 0.25 reads 25 %), a duration (seconds, as hours and minutes).
 * No value (a ratio over zero, an average of nothing) reads "—". The app and the digest mail
 * write values alike.
 */
export function formatKpiValue(
  value: number | null,
  kpi: { format: KpiFormat; decimals: number },
  options: { locale: string; currency: string },
): string {
  if (value === null || !Number.isFinite(value)) return '—';
  const { locale } = options;
  const digits = { minimumFractionDigits: kpi.decimals, maximumFractionDigits: kpi.decimals };
  switch (kpi.format) {
    case 'money':
      // Whole units; or, to the øre, as the app writes every amount (øre only where there are some):
      // the built-in sales value reads "21.250,50 kr." here as on the dashboard, and "45.000 kr." too.
      if (kpi.decimals === 0) return formatMoney((Math.round(value / 100) * 100) as MinorUnits, options.currency, locale);
      if (kpi.decimals === 2) return formatMoney(Math.round(value) as MinorUnits, options.currency, locale);
      return new Intl.NumberFormat(locale, { style: 'currency', currency: options.currency, ...digits }).format(value / 100);
    case 'percent':
      return new Intl.NumberFormat(locale, { style: 'percent', ...digits }).format(value);
    case 'duration': {
      const minutes = Math.round(value / 60);
      const hours = Math.floor(minutes / 60);
      return new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: hours > 0 ? 'hour' : 'minute',
        unitDisplay: 'short',
        maximumFractionDigits: 1,
      }).format(hours > 0 ? minutes / 60 : minutes);
    }
    default:
      return new Intl.NumberFormat(locale, digits).format(value);
  }
}
