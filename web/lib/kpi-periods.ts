import type { Kpi, KpiValues } from '@core/contracts';
import { TO_DATE_PERIODS, type ToDatePeriod } from '@core/period';

/* The KPI board's and the boards' periods and order (decisions 101 and 102), as plain functions. */

export const PERIODS = TO_DATE_PERIODS;
export type Period = ToDatePeriod;
/** The built-in KPIs the board shows beside the company's own (the rest are one choice away in "Rank by"). */
export const BUILT_IN_COLUMNS = ['calls', 'meetings_booked', 'conversion', 'sales_value', 'points'];

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

/**
 * "% of target" (decision 053's "% of goal", on a KPI with managers' targets, decision 104): each
 * person's figure over their target for the whole period, the largest share first; no target or no
 * figure last; then as the KPI's own ranking orders them.
 */
export function rankRowsByTargetShare(
  values: KpiValues,
  targets: ReadonlyMap<string, number>,
  kpi: Kpi,
  nameOf: (userId: string) => string,
) {
  const byValue = rankRows(values, kpi, nameOf);
  const place = new Map(byValue.map((member, index) => [member.userId, index]));
  const of = new Map(values.kpis.find((k) => k.id === kpi.id)?.members.map((m) => [m.userId, m.value]));
  const share = (userId: string) => computeTargetShare(of.get(userId) ?? null, targets.get(userId) ?? null);
  return [...byValue].sort((a, b) => {
    const x = share(a.userId);
    const y = share(b.userId);
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return y - x;
    }
    return place.get(a.userId)! - place.get(b.userId)!;
  });
}

/** Below any rise a change can measure (hundredths of a percent), above no change. */
const UP_FROM_ZERO = 0.5;

/** A change to rank by where an own average of 0 gives no percentage: a rise (see UP_FROM_ZERO), none, or nothing to measure. */
function changeFromZero(improvement: { baseline: number | null } | undefined, value: number | null, lowerIsBetter: boolean) {
  if (improvement?.baseline !== 0 || value === null) return null;
  if (value === 0) return 0;
  return lowerIsBetter ? Number.POSITIVE_INFINITY : UP_FROM_ZERO;
}

/** Whether a person's figure rose from an own average of 0: a rise with no percentage to it. */
export function isUpFromZero(improvement: { baseline: number | null } | undefined, value: number | null): boolean {
  return improvement?.baseline === 0 && value !== null && value > 0;
}

/** A figure over its target (0.45 is 45 %), or null without a target above 0 or without a figure. */
export function computeTargetShare(value: number | null, target: number | null): number | null {
  return value === null || target === null || target <= 0 ? null : value / target;
}

/**
 * "Most improved" (decision 053 on a KPI): the biggest change on one's own average first (the
 * smallest where lower is better); up from an average of 0 (no percentage to give) as the smallest
 * rise there is, or where lower is better as the worst; still at an average of 0 as no change; no
 * change to measure (no history, no value now) last; then as the KPI's own ranking orders them.
 */
export function rankRowsByImprovement(values: KpiValues, improved: KpiValues, kpi: Kpi, nameOf: (userId: string) => string) {
  const byValue = rankRows(values, kpi, nameOf);
  const place = new Map(byValue.map((member, index) => [member.userId, index]));
  const change = new Map(
    improved.kpis
      .find((k) => k.id === kpi.id)
      ?.members.map((m) => [m.userId, m.improvement?.change ?? changeFromZero(m.improvement, m.value, kpi.lowerIsBetter)]),
  );
  return [...byValue].sort((a, b) => {
    const x = change.get(a.userId) ?? null;
    const y = change.get(b.userId) ?? null;
    if (x !== y) {
      if (x === null) return 1;
      if (y === null) return -1;
      return kpi.lowerIsBetter ? x - y : y - x;
    }
    return place.get(a.userId)! - place.get(b.userId)!;
  });
}
