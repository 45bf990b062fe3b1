import type { KpiFormat } from '@core/contracts';
import { formatKpiValue as formatInLocale } from '@core/kpi-formulas/format';
import { getIntlLocale } from '@web/i18n';

/** A KPI's value as its format says, in the screen's language (core's formatKpiValue, decision 101). */
export function formatKpiValue(
  value: number | null,
  kpi: { format: KpiFormat; decimals: number },
  options: { language: string; currency: string },
): string {
  return formatInLocale(value, kpi, { locale: getIntlLocale(options.language), currency: options.currency });
}
