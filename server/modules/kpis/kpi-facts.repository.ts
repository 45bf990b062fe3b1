import { sql } from 'drizzle-orm';
import { type BuiltInTotals, factsFromBuiltInTotals, type KpiFact } from '@core/kpi-formulas';
import type { Transaction } from '../../db/client';
import type { CompanyId } from '../../db/tenant';

/*
 * What a KPI is computed from (decision 101): the two rollups over a period, never the activities.
 * daily_user_stats (kept by the activities' rollup trigger) gives the built-in kinds and every
 * activity's count and points; activity_type_day_stats (kept by the type rollup trigger) gives the
 * company's own types by outcome, with their fields' sums and value counts. Both are summed per
 * member (and per day, for a chart) in the database: a month of a large team is a few hundred rows
 * back, not its days.
 */

/** A fact and the day it is of ('' when summed over the period). */
export type DatedKpiFact = KpiFact & { day: string };

/** The grouping's extra column: the day, or one constant for the whole period. */
const dayColumn = (byDay: boolean) => (byDay ? sql`day::text` : sql`''`);

/** Each member's built-in totals over the days from..to (inclusive), as facts. */
async function selectBuiltInFacts(
  tx: Transaction,
  companyId: CompanyId,
  from: string,
  to: string,
  byDay: boolean,
): Promise<DatedKpiFact[]> {
  const result = await tx.execute(sql`
    SELECT ${dayColumn(byDay)} AS day, user_id, sum(answered)::int AS answered, sum(unanswered)::int AS unanswered,
           sum(meetings_booked)::int AS meetings_booked, sum(moved_forward)::int AS moved_forward,
           sum(meetings_completed)::int AS meetings_completed, sum(emails)::int AS emails, sum(linkedin)::int AS linkedin,
           sum(sales)::int AS sales, sum(revenue)::bigint AS revenue, sum(points)::int AS points, sum(activities)::int AS activities
      FROM daily_user_stats
     WHERE company_id = ${companyId}::uuid AND day BETWEEN ${from}::date AND ${to}::date
     GROUP BY 1, 2`);
  const rows = (result as unknown as { rows: Record<string, string | number>[] }).rows;
  return rows.flatMap((row) => {
    const totals: BuiltInTotals = {
      userId: String(row.user_id),
      answered: Number(row.answered),
      unanswered: Number(row.unanswered),
      meetingsBooked: Number(row.meetings_booked),
      movedForward: Number(row.moved_forward),
      meetingsCompleted: Number(row.meetings_completed),
      emails: Number(row.emails),
      linkedin: Number(row.linkedin),
      sales: Number(row.sales),
      revenue: Number(row.revenue),
      points: Number(row.points),
      activities: Number(row.activities),
    };
    return factsFromBuiltInTotals(totals).map((fact) => ({ ...fact, day: String(row.day) }));
  });
}

/**
 * Each member's own-type totals over the days, by type and outcome: one row per (day, member,
 * type, outcome, key) where the key is "#" (activities), "$" (points), "s:<field>" (a field's sum)
 * or "c:<key>" (a value's count), summed in the database.
 */
async function selectOwnTypeFacts(
  tx: Transaction,
  companyId: CompanyId,
  from: string,
  to: string,
  byDay: boolean,
): Promise<DatedKpiFact[]> {
  const result = await tx.execute(sql`
    WITH days AS (
      SELECT ${dayColumn(byDay)} AS day, user_id, type_id, outcome_id, activities, points, sums, counts
        FROM activity_type_day_stats
       WHERE company_id = ${companyId}::uuid AND day BETWEEN ${from}::date AND ${to}::date
    )
    SELECT day, user_id, type_id, outcome_id, '#' AS key, sum(activities)::numeric AS n FROM days GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT day, user_id, type_id, outcome_id, '$', sum(points)::numeric FROM days GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT d.day, d.user_id, d.type_id, d.outcome_id, 's:' || e.key, sum(e.value::numeric) FROM days d, jsonb_each_text(d.sums) e GROUP BY 1, 2, 3, 4, 5
    UNION ALL
    SELECT d.day, d.user_id, d.type_id, d.outcome_id, 'c:' || e.key, sum(e.value::numeric) FROM days d, jsonb_each_text(d.counts) e GROUP BY 1, 2, 3, 4, 5`);
  const rows = (
    result as unknown as { rows: { day: string; user_id: string; type_id: string; outcome_id: string; key: string; n: string | number }[] }
  ).rows;
  const facts = new Map<string, DatedKpiFact>();
  for (const row of rows) {
    const id = `${row.day}\u0000${row.user_id}\u0000${row.type_id}\u0000${row.outcome_id}`;
    let fact = facts.get(id);
    if (!fact) {
      fact = {
        day: row.day,
        userId: row.user_id,
        type: row.type_id,
        outcomeId: row.outcome_id,
        activities: 0,
        points: 0,
        sums: {},
        counts: {},
      };
      facts.set(id, fact);
    }
    const n = Number(row.n);
    if (row.key === '#') fact.activities = n;
    else if (row.key === '$') fact.points = n;
    else if (row.key.startsWith('s:')) fact.sums[row.key.slice(2)] = n;
    else fact.counts[row.key.slice(2)] = n;
  }
  return [...facts.values()];
}

/** Transaction step: every member's facts over the days from..to, from both rollups; by day when asked (day '' otherwise). */
export async function selectKpiFacts(
  tx: Transaction,
  companyId: CompanyId,
  from: string,
  to: string,
  options: { byDay?: boolean } = {},
): Promise<DatedKpiFact[]> {
  const byDay = options.byDay ?? false;
  return [...(await selectBuiltInFacts(tx, companyId, from, to, byDay)), ...(await selectOwnTypeFacts(tx, companyId, from, to, byDay))];
}
