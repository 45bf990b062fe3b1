import { sql } from 'drizzle-orm';
import { type BuiltInTotals, factsFromBuiltInTotals, type KpiFact } from '@core/kpi-formulas';
import { type LocalDate, planMonthPieces } from '@core/period';
import type { Transaction } from '../../db/client';
import type { CompanyId } from '../../db/tenant';

/*
 * What a KPI is computed from (decision 101): the two rollups over a period, never the activities.
 * daily_user_stats (kept by the activities' rollup trigger) gives the built-in kinds and every
 * activity's count and points; activity_type_day_stats (kept by the type rollup trigger) gives the
 * company's own types by outcome, with their fields' sums, value counts and extremes. Both are summed per
 * member (and per day, for a chart) in the database: a month of a large team is a few hundred rows
 * back, not its days.
 */

/** A fact and the day it is of ('' when summed over the period). */
export type DatedKpiFact = KpiFact & { day: string };

/**
 * How the facts are grouped: per day (a chart) or over the whole period, per member (a ranking) or
 * everyone together (a chart of the board's people); and whose activity counts (a team's members),
 * null for everyone.
 */
export type KpiFactsScope = {
  byDay: boolean;
  perMember: boolean;
  userIds: ReadonlySet<string> | null;
  /** The own types' sums, counts and extremes the KPIs read (listFactKeys): only these are read. */
  keys: { sums: readonly string[]; counts: readonly string[]; extremes: readonly string[] };
};

/** The grouping's day column: the day, or one constant for the whole period. */
const dayColumn = (scope: KpiFactsScope) => (scope.byDay ? sql`day::text` : sql`''`);
/** The grouping's member column: the member, or one constant for everyone together. */
const userColumn = (scope: KpiFactsScope) => (scope.perMember ? sql`user_id` : sql`''`);
/** Only the named members' rows (as JSON: a driver spreads an array into one parameter per item). */
const whoseRows = (scope: KpiFactsScope) =>
  scope.userIds === null ? sql`` : sql` AND user_id IN (SELECT jsonb_array_elements_text(${JSON.stringify([...scope.userIds])}::jsonb))`;

/** The built-in totals over the days from..to (inclusive), grouped as the scope says, as facts. */
async function selectBuiltInFacts(
  tx: Transaction,
  companyId: CompanyId,
  from: string,
  to: string,
  scope: KpiFactsScope,
): Promise<DatedKpiFact[]> {
  const result = await tx.execute(sql`
    SELECT ${dayColumn(scope)} AS day, ${userColumn(scope)} AS user_id, sum(answered)::int AS answered, sum(unanswered)::int AS unanswered,
           sum(meetings_booked)::int AS meetings_booked, sum(moved_forward)::int AS moved_forward,
           sum(meetings_completed)::int AS meetings_completed, sum(emails)::int AS emails, sum(linkedin)::int AS linkedin,
           sum(sales)::int AS sales, sum(revenue)::bigint AS revenue, sum(points)::int AS points, sum(activities)::int AS activities,
           max(sale_max) AS sale_max, min(sale_min) AS sale_min, sum(call_points)::int AS call_points,
           sum(meeting_points)::int AS meeting_points, sum(sale_points)::int AS sale_points, sum(email_points)::int AS email_points,
           sum(linkedin_points)::int AS linkedin_points
      FROM daily_user_stats
     WHERE company_id = ${companyId}::uuid AND day BETWEEN ${from}::date AND ${to}::date${whoseRows(scope)}
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
      saleMax: row.sale_max == null ? null : Number(row.sale_max),
      saleMin: row.sale_min == null ? null : Number(row.sale_min),
      kindPoints: {
        call: Number(row.call_points),
        meeting: Number(row.meeting_points),
        sale: Number(row.sale_points),
        email: Number(row.email_points),
        linkedin: Number(row.linkedin_points),
      },
    };
    return factsFromBuiltInTotals(totals).map((fact) => ({ ...fact, day: String(row.day) }));
  });
}

/**
 * The named keys of a rollup's JSON column, each summed over the group (a row's `sign` -1 takes it
 * away), as one JSON object (in pieces of 40 pairs: a function takes at most 100 arguments).
 */
function sumKeys(column: 'sums' | 'counts' | 'mins' | 'maxes', keys: readonly string[]) {
  if (keys.length === 0) return sql`'{}'::jsonb`;
  // The group's total, or its smallest or largest (each row's own extreme: the member's day's or month's).
  const extreme = column === 'mins' ? 'min' : column === 'maxes' ? 'max' : null;
  const pieces: ReturnType<typeof sql>[] = [];
  for (let i = 0; i < keys.length; i += 40) {
    const pairs = keys
      .slice(i, i + 40)
      .map((key) =>
        extreme
          ? sql`${key}::text, ${sql.raw(extreme)}((${sql.raw(column)} ->> ${key}::text)::numeric)`
          : sql`${key}::text, sum(sign * (${sql.raw(column)} ->> ${key}::text)::numeric)`,
      );
    pieces.push(sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`);
  }
  return sql.join(pieces, sql` || `);
}

/**
 * The rows of the own types' rollups a period is read from (planMonthPieces): its whole months from
 * activity_type_month_stats, its other days from activity_type_day_stats, and the days outside it of a
 * month read whole taken away (sign -1). Read day by day (a chart) or for a smallest or largest value,
 * nothing is taken away; a chart reads days only.
 */
function ownTypeRows(companyId: CompanyId, from: string, to: string, scope: KpiFactsScope) {
  const columns = sql`user_id, type_id, outcome_id, activities, points, sums, counts, mins, maxes`;
  const days = (range: { from: string; to: string }, sign: 1 | -1) =>
    sql`SELECT ${sql.raw(String(sign))} AS sign, day, ${columns} FROM activity_type_day_stats
         WHERE company_id = ${companyId}::uuid AND day BETWEEN ${range.from}::date AND ${range.to}::date${whoseRows(scope)}`;
  if (scope.byDay) return days({ from, to }, 1);
  const plan = planMonthPieces(from as LocalDate, to as LocalDate, { subtract: scope.keys.extremes.length === 0 });
  const parts = [...plan.add.map((range) => days(range, 1)), ...plan.subtract.map((range) => days(range, -1))];
  if (plan.months) {
    parts.push(sql`SELECT 1 AS sign, NULL::date AS day, ${columns} FROM activity_type_month_stats
         WHERE company_id = ${companyId}::uuid AND month BETWEEN ${plan.months.from}::date AND ${plan.months.to}::date${whoseRows(scope)}`);
  }
  return sql.join(parts, sql` UNION ALL `);
}

/**
 * The own-type totals over the days, by type and outcome, grouped as the scope says, all summed in
 * the database: counts and points, and of the JSON sums and counts only the keys some KPI reads.
 * Summing every key (a row per key, then grouped) cost several times as much on PGlite. A month is
 * read from the monthly rollup (a row per member, type and outcome, not one per day): a month's
 * board read 4,400 wide rows of the daily one.
 */
async function selectOwnTypeFacts(
  tx: Transaction,
  companyId: CompanyId,
  from: string,
  to: string,
  scope: KpiFactsScope,
): Promise<DatedKpiFact[]> {
  const result = await tx.execute(sql`
    SELECT ${dayColumn(scope)} AS day, ${userColumn(scope)} AS user_id, type_id, outcome_id,
           sum(sign * activities)::int AS activities, sum(sign * points)::int AS points,
           ${sumKeys('sums', scope.keys.sums)} AS sums, ${sumKeys('counts', scope.keys.counts)} AS counts,
           ${sumKeys('mins', scope.keys.extremes)} AS mins, ${sumKeys('maxes', scope.keys.extremes)} AS maxes
      FROM (${ownTypeRows(companyId, from, to, scope)}) AS r
     GROUP BY 1, 2, 3, 4
    -- A group whose days taken away were all it had.
    HAVING sum(sign * activities) <> 0`);
  type Sums = Record<string, number | null>;
  type Row = {
    day: string;
    user_id: string;
    type_id: string;
    outcome_id: string;
    activities: number;
    points: number;
    sums: Sums | string;
    counts: Sums | string;
    mins: Sums | string;
    maxes: Sums | string;
  };
  const rows = (result as unknown as { rows: Row[] }).rows;
  const add = (json: Row['sums']) => {
    const into: Record<string, number> = {};
    const values = typeof json === 'string' ? (JSON.parse(json) as Sums) : json;
    for (const key in values) if (values[key] !== null) into[key] = Number(values[key]);
    return into;
  };
  return rows.map((row) => ({
    day: row.day,
    userId: row.user_id,
    type: row.type_id,
    outcomeId: row.outcome_id,
    activities: Number(row.activities),
    points: Number(row.points),
    sums: add(row.sums),
    counts: add(row.counts),
    mins: add(row.mins),
    maxes: add(row.maxes),
  }));
}

/**
 * Transaction step: the facts over the days from..to from both rollups, grouped as the scope says
 * (a member's userId, or '' for everyone together; a day, or '' for the period).
 */
export async function selectKpiFacts(
  tx: Transaction,
  companyId: CompanyId,
  from: string,
  to: string,
  scope: KpiFactsScope,
): Promise<DatedKpiFact[]> {
  return [...(await selectBuiltInFacts(tx, companyId, from, to, scope)), ...(await selectOwnTypeFacts(tx, companyId, from, to, scope))];
}
