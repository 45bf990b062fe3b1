/** What choosing the target in force needs of a target row. */
export type TargetInForceRow = { metric: string; period: string; effectiveFrom: string; endsOn: string | null };

/**
 * The rows in force on `day` (YYYY-MM-DD), one per subject, metric and period: the latest that
 * started by then, unless it was ended by then (decision 043: a change starts a new row, an end
 * closes the old one). `subjectOf` names a row's person or team when the rows are of several;
 * rows of one subject need none.
 */
export function selectTargetsInForce<T extends TargetInForceRow>(
  rows: readonly T[],
  day: string,
  subjectOf: (row: T) => string = () => '',
): T[] {
  const latest = new Map<string, T>();
  for (const row of rows) {
    if (row.effectiveFrom > day) continue;
    const key = `${subjectOf(row)}:${row.metric}:${row.period}`;
    const seen = latest.get(key);
    if (!seen || seen.effectiveFrom < row.effectiveFrom) latest.set(key, row);
  }
  return [...latest.values()].filter((row) => row.endsOn === null || row.endsOn > day);
}
