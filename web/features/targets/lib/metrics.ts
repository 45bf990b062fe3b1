import { pickName } from '@core/activity-types';
import type { NamedKpi, TargetMeasure } from '@core/contracts';
import { formatKpiValue } from '@core/kpi-formulas/format';
import {
  BanknoteIcon,
  CalendarCheckIcon,
  CalendarClockIcon,
  GaugeIcon,
  HandshakeIcon,
  type LucideIcon,
  PhoneIcon,
  SparklesIcon,
} from 'lucide-react';
import type { CompanyFormat } from '@web/lib/format';

/** Each measure's icon, in the order the screens list them; a KPI's target (decision 104) has a gauge. */
export const METRIC_ICONS: Record<TargetMeasure, LucideIcon> = {
  calls: PhoneIcon,
  meetings_booked: CalendarClockIcon,
  meetings_held: CalendarCheckIcon,
  sales: HandshakeIcon,
  sales_value: BanknoteIcon,
  points: SparklesIcon,
  kpi: GaugeIcon,
};

/** What a target measures: its metric, or its KPI (null once deleted). */
export type Measured = { metric: TargetMeasure; kpi?: NamedKpi | null };

const isMoney = (target: Measured) => (target.metric === 'kpi' ? target.kpi?.format === 'money' : target.metric === 'sales_value');

/** A target's number as the boards show it: sales value as money, a KPI as its format says, the rest as counts. */
export function formatMetricValue(target: Measured, value: number, format: CompanyFormat): string {
  if (target.metric === 'kpi' && target.kpi) return formatKpiValue(value, target.kpi, { locale: format.locale, currency: format.currency });
  return isMoney(target) ? format.money(value) : format.number(value);
}

/**
 * What a target expects by now, as the screens say it: a pro-rated share, so a count to one decimal
 * under 10 and whole above, or money in whole kroner (money is held in øre: 2,272,727.27 øre is NOK 22,727).
 */
export function formatExpectedValue(target: Measured, expected: number, format: CompanyFormat): string {
  if (isMoney(target)) return format.money(Math.round(expected / 100) * 100);
  // A KPI's target as its KPI is written (its decimals); a built-in metric's as a whole count.
  if (target.metric === 'kpi' && target.kpi)
    return formatKpiValue(expected, target.kpi, { locale: format.locale, currency: format.currency });
  // Under 10 a whole number could contradict the pill beside it ("behind, 2 of 12, expected so far
  // 2" when 2.4 was expected): one decimal says why. Above, a whole number cannot (the tolerance is 10 %).
  return expected < 10 ? format.number(expected, 1) : format.number(Math.round(expected));
}

/** A target's name: its metric's words, or its KPI's name in the screen's language (`gone` once deleted). */
export function nameMeasure(target: Measured, t: (key: string) => string, language: string): string {
  if (target.metric !== 'kpi') return t(`metrics.${target.metric}`);
  return target.kpi ? pickName(target.kpi.names, language) : t('kpiGone');
}

/** Whether what a target measures is money: its value is typed in whole currency units. */
export { isMoney as isMoneyMeasure };
