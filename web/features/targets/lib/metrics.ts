import type { TargetMetric } from '@core/contracts';
import { BanknoteIcon, CalendarCheckIcon, CalendarClockIcon, HandshakeIcon, type LucideIcon, PhoneIcon, SparklesIcon } from 'lucide-react';
import type { CompanyFormat } from '@web/lib/format';

/** Each metric's icon, in the order the screens list them. */
export const METRIC_ICONS: Record<TargetMetric, LucideIcon> = {
  calls: PhoneIcon,
  meetings_booked: CalendarClockIcon,
  meetings_held: CalendarCheckIcon,
  sales: HandshakeIcon,
  sales_value: BanknoteIcon,
  points: SparklesIcon,
};

/** A metric's number as the boards show it: sales value as money, the rest as counts. */
export function formatMetricValue(metric: TargetMetric, value: number, format: CompanyFormat): string {
  return metric === 'sales_value' ? format.money(value) : format.number(value);
}

/**
 * What a target expects by now, as the screens say it: a pro-rated share, so rounded to a whole
 * count, or for sales value to whole kroner (money is held in øre: 2,272,727.27 øre is NOK 22,727).
 */
export function formatExpectedValue(metric: TargetMetric, expected: number, format: CompanyFormat): string {
  return metric === 'sales_value' ? format.money(Math.round(expected / 100) * 100) : format.number(Math.round(expected));
}
