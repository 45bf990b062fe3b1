/*
 * Typed versus logged (decision 045): a wrap-up's numbers are typed by the rep, prefilled from the
 * day's activities; where a typed number differs from what the log says for that day, the rep
 * sees both before saving and the lead sees both when reading, so a report never silently
 * disagrees with the log. The logged numbers are the day's rollup (meetings = meetings booked).
 */

export const WRAPUP_METRICS = ['calls', 'meetings', 'sales', 'points'] as const;
export type WrapupMetric = (typeof WRAPUP_METRICS)[number];

export type WrapupCounts = Readonly<Record<WrapupMetric, number>>;

export type WrapupDifference = { metric: WrapupMetric; typed: number; logged: number };

/**
 * Each number the rep typed that differs from the log, in the form's order. A number that is not
 * a whole number yet (a field being typed, NaN) is not compared.
 */
export function compareWrapupToLog(typed: Partial<Record<WrapupMetric, number>>, logged: WrapupCounts): WrapupDifference[] {
  const differences: WrapupDifference[] = [];
  for (const metric of WRAPUP_METRICS) {
    const value = typed[metric];
    if (value === undefined || !Number.isInteger(value)) continue;
    if (value !== logged[metric]) differences.push({ metric, typed: value, logged: logged[metric] });
  }
  return differences;
}
