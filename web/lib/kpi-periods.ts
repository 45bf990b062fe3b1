import type { Kpi, KpiValues } from '@core/contracts';
import { addDays, diffDays, endOfMonth, type LocalDate, startOfMonth, startOfWeek } from '@core/period';

/* The KPI board's and the boards' periods and order (decisions 101 and 102), as plain functions. */

export const PERIODS = ['today', 'week', 'month'] as const;
export type Period = (typeof PERIODS)[number];
/** The built-in KPIs the board shows beside the company's own (the rest are one choice away in "Rank by"). */
export const BUILT_IN_COLUMNS = ['calls', 'meetings_booked', 'conversion', 'sales_value', 'points'];

/** The days a period covers up to today, in the company's calendar. */
export function periodDays(period: Period, today: LocalDate): { from: string; to: string } {
  if (period === 'today') return { from: today, to: today };
  return { from: period === 'week' ? startOfWeek(today) : startOfMonth(today), to: today };
}

/**
 * The equal period before (a number widget's change): yesterday; last week from Monday to the same
 * weekday; last month from the 1st to the same day (or its last, in a shorter month).
 */
export function previousPeriodDays(period: Period, today: LocalDate): { from: string; to: string } {
  if (period === 'today') {
    const yesterday = addDays(today, -1);
    return { from: yesterday, to: yesterday };
  }
  if (period === 'week') {
    const from = addDays(startOfWeek(today), -7);
    return { from, to: addDays(from, diffDays(startOfWeek(today), today)) };
  }
  const from = startOfMonth(addDays(startOfMonth(today), -1));
  const sameDay = addDays(from, diffDays(startOfMonth(today), today));
  const last = endOfMonth(from);
  return { from, to: sameDay > last ? last : sameDay };
}

/** Higher first, or lower first for a KPI where lower is better; no value last; then by name. */
export function rankRows(values: KpiValues, kpi: Kpi, nameOf: (userId: string) => string) {
  const of = new Map(values.kpis.find((k) => k.id === kpi.id)?.members.map((m) => [m.userId, m.value]));
  return [...values.members].sort((a, b) => {
    const x = of.get(a.userId) ?? null;
    const y = of.get(b.userId) ?? null;
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return kpi.lowerIsBetter ? x - y : y - x;
    }
    return nameOf(a.userId).localeCompare(nameOf(b.userId));
  });
}
