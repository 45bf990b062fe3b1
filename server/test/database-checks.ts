import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { toCompanyId, withInstance } from '../db/tenant';

/*
 * Checks on a database as a whole, past the API, for the fault and backup tests, and the rollup
 * queries the activity tests compare as well. The checks read as the connecting role inside each
 * company's scope (withInstance), so they work on PostgreSQL, where the tables' row-level security
 * is forced even for their owner, as well as on PGlite.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The ids of every activity stored for these companies. */
export async function findStoredActivityIds(db: Database, companyIds: string[]): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const companyId of companyIds) {
    const result = await withInstance(db, { companyId: toCompanyId(companyId), userId: null }, (tx) =>
      tx.execute(sql`SELECT id::text AS id FROM activities WHERE company_id = ${companyId}`),
    );
    for (const row of rowsOf<{ id: string }>(result)) ids.add(row.id);
  }
  return ids;
}

/** One (day, user) of daily_user_stats, or the same numbers aggregated from the activities. */
export type DayStats = {
  day: string;
  user_id: string;
  calls: number;
  answered: number;
  unanswered: number;
  meetings_booked: number;
  meetings_completed: number;
  moved_forward: number;
  emails: number;
  linkedin: number;
  sales: number;
  revenue: string;
  points: number;
  activities: number;
  bonus_calls: number;
  /** The day's largest and smallest sale value (decision 109), as text; null without a sale. */
  sale_max: string | null;
  sale_min: string | null;
  /** The day's points of each built-in kind (decision 110). */
  call_points: number;
  meeting_points: number;
  sale_points: number;
  email_points: number;
  linkedin_points: number;
};

/** A company's rollup rows, as the trigger stored them (run it in the company's scope). */
export function selectStoredRollups(companyId: string): SQL {
  return sql`SELECT day::text AS day, user_id, calls, answered, unanswered, meetings_booked, meetings_completed,
                    moved_forward, emails, linkedin, sales, revenue::text AS revenue, points, activities, bonus_calls,
                    sale_max::text AS sale_max, sale_min::text AS sale_min,
                    call_points, meeting_points, sale_points, email_points, linkedin_points
               FROM daily_user_stats WHERE company_id = ${companyId} ORDER BY day, user_id`;
}

/** The same numbers, freshly aggregated from the company's activities. */
export function selectFreshRollups(companyId: string): SQL {
  return sql`SELECT local_date::text AS day, user_id,
                    count(*) FILTER (WHERE type IN ('call_answered', 'call_unanswered'))::int AS calls,
                    count(*) FILTER (WHERE type = 'call_answered')::int AS answered,
                    count(*) FILTER (WHERE type = 'call_unanswered')::int AS unanswered,
                    count(*) FILTER (WHERE meeting_booked)::int AS meetings_booked,
                    count(*) FILTER (WHERE type = 'meeting')::int AS meetings_completed,
                    count(*) FILTER (WHERE moved_forward)::int AS moved_forward,
                    count(*) FILTER (WHERE type = 'email')::int AS emails,
                    count(*) FILTER (WHERE type = 'linkedin')::int AS linkedin,
                    count(*) FILTER (WHERE type = 'sale')::int AS sales,
                    coalesce(sum(ticket_size) FILTER (WHERE type = 'sale'), 0)::bigint::text AS revenue,
                    sum(points_earned)::int AS points,
                    count(*)::int AS activities,
                    count(*) FILTER (WHERE daily_bonus)::int AS bonus_calls,
                    (max(ticket_size) FILTER (WHERE type = 'sale'))::text AS sale_max,
                    (min(ticket_size) FILTER (WHERE type = 'sale'))::text AS sale_min,
                    coalesce(sum(points_earned) FILTER (WHERE type IN ('call_answered', 'call_unanswered')), 0)::int AS call_points,
                    coalesce(sum(points_earned) FILTER (WHERE type = 'meeting'), 0)::int AS meeting_points,
                    coalesce(sum(points_earned) FILTER (WHERE type = 'sale'), 0)::int AS sale_points,
                    coalesce(sum(points_earned) FILTER (WHERE type = 'email'), 0)::int AS email_points,
                    coalesce(sum(points_earned) FILTER (WHERE type = 'linkedin'), 0)::int AS linkedin_points
               FROM activities WHERE company_id = ${companyId}
              GROUP BY local_date, user_id ORDER BY local_date, user_id`;
}

/**
 * Every (day, user) of these companies where daily_user_stats differs from the aggregate of the
 * activities it is kept from, column by column; [] when the rollups equal the rows. A rollup row
 * without activities, or activities without a rollup row, count as differences too.
 */
export async function findRollupMismatches(
  db: Database,
  companyIds: string[],
): Promise<{ companyId: string; rows: DayStats | null; rollup: DayStats | null }[]> {
  const mismatches: { companyId: string; rows: DayStats | null; rollup: DayStats | null }[] = [];
  for (const companyId of companyIds) {
    const [fromRows, fromRollups] = await withInstance(db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => [
      rowsOf<DayStats>(await tx.execute(selectFreshRollups(companyId))),
      rowsOf<DayStats>(await tx.execute(selectStoredRollups(companyId))),
    ]);
    const keyOf = (row: DayStats) => `${row.day}|${row.user_id}`;
    const rollupByKey = new Map(fromRollups.map((row) => [keyOf(row), row]));
    for (const row of fromRows) {
      const rollup = rollupByKey.get(keyOf(row)) ?? null;
      rollupByKey.delete(keyOf(row));
      if (!rollup || JSON.stringify(normalize(rollup)) !== JSON.stringify(normalize(row)))
        mismatches.push({ companyId, rows: row, rollup });
    }
    for (const rollup of rollupByKey.values()) mismatches.push({ companyId, rows: null, rollup });
  }
  return mismatches;
}

/** Same keys in the same order, numbers as numbers (drivers differ in what they return for int). */
function normalize(row: DayStats): [string, string][] {
  return Object.keys(row)
    .sort()
    .map((key) => [key, String(row[key as keyof DayStats])]);
}
