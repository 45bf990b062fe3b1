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
