import type { Activity } from '@core/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { withTenant } from '../../db/tenant';
import type { TestApp } from '../../test/test-app';

/* Helpers shared by the activity tests (not a test file itself). */

export type Member = Awaited<ReturnType<TestApp['createMember']>>;

export async function rows<T>(t: TestApp, companyId: string, query: SQL): Promise<T[]> {
  return withTenant(t.db, { companyId, userId: null }, async (tx) => {
    const result = await tx.execute(query);
    return (result as unknown as { rows: T[] }).rows;
  });
}

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
};

/** The rollup rows of a company, as stored by the trigger. */
export function findStoredRollups(t: TestApp, companyId: string): Promise<DayStats[]> {
  return rows<DayStats>(
    t,
    companyId,
    sql`SELECT day::text AS day, user_id, calls, answered, unanswered, meetings_booked, meetings_completed,
               moved_forward, emails, linkedin, sales, revenue::text AS revenue, points, activities
          FROM daily_user_stats WHERE company_id = ${companyId} ORDER BY day, user_id`,
  );
}

/** The same numbers, freshly aggregated from the activities. */
export function computeFreshRollups(t: TestApp, companyId: string): Promise<DayStats[]> {
  return rows<DayStats>(
    t,
    companyId,
    sql`SELECT local_date::text AS day, user_id,
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
               count(*)::int AS activities
          FROM activities WHERE company_id = ${companyId}
         GROUP BY company_id, local_date, user_id ORDER BY local_date, user_id`,
  );
}

export async function expectRollupsExact(t: TestApp, companyId: string): Promise<void> {
  expect(await findStoredRollups(t, companyId)).toEqual(await computeFreshRollups(t, companyId));
}

export async function findDayStats(t: TestApp, member: Member, day: string): Promise<DayStats | null> {
  const all = await findStoredRollups(t, member.companyId);
  return all.find((r) => r.user_id === member.id && r.day === day) ?? null;
}

export async function countActivities(t: TestApp, companyId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(t, companyId, sql`SELECT count(*)::int AS n FROM activities WHERE company_id = ${companyId}`);
  return row!.n;
}

export async function countCustomers(t: TestApp, companyId: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    t,
    companyId,
    sql`SELECT count(*)::int AS n FROM customer_companies WHERE company_id = ${companyId}`,
  );
  return row!.n;
}

export async function setRule(
  t: TestApp,
  companyId: string,
  kpiKey: string,
  change: { basePoints?: number; enabled?: boolean; multiplierValue?: number },
): Promise<void> {
  await withTenant(t.db, { companyId, userId: null }, async (tx) => {
    if (change.basePoints !== undefined) {
      await tx.execute(sql`UPDATE kpi_rules SET base_points = ${change.basePoints} WHERE company_id = ${companyId} AND kpi_key = ${kpiKey}`);
    }
    if (change.enabled !== undefined) {
      await tx.execute(sql`UPDATE kpi_rules SET enabled = ${change.enabled} WHERE company_id = ${companyId} AND kpi_key = ${kpiKey}`);
    }
    if (change.multiplierValue !== undefined) {
      await tx.execute(
        sql`UPDATE kpi_rules SET multiplier_value = ${change.multiplierValue} WHERE company_id = ${companyId} AND kpi_key = ${kpiKey}`,
      );
    }
  });
}

/** A clock that starts at `iso` and moves one second on every reading, so createdAt values differ. */
export function tickingClock(iso: string): () => Date {
  let ms = new Date(iso).getTime();
  return () => new Date((ms += 1000));
}

export async function logActivity(t: TestApp, member: Member, body: unknown): Promise<Activity> {
  const response = await t.request('/api/v1/activities', { method: 'POST', as: member, json: body });
  if (response.status !== 201) throw new Error(`log failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Activity;
}

export type ErrorBody = { error: { code: string; message: string; details?: Record<string, string> } };
