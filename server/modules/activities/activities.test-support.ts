import type { Activity } from '@core/contracts';
import { computeCallOutcome } from '@core/kpi';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import { toCompanyId, withTenant } from '../../db/tenant';
import { type DayStats, selectFreshRollups, selectStoredRollups } from '../../test/database-checks';
import type { TestApp } from '../../test/test-app';
import { kindOf } from './activity-shape';

/* Helpers shared by the activity tests (not a test file itself). */

export type Member = Awaited<ReturnType<TestApp['createMember']>>;

export async function rows<T>(t: TestApp, companyId: string, query: SQL): Promise<T[]> {
  return withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(query);
    return (result as unknown as { rows: T[] }).rows;
  });
}

/** The rollup rows of a company, as stored by the trigger. */
export function findStoredRollups(t: TestApp, companyId: string): Promise<DayStats[]> {
  return rows<DayStats>(t, companyId, selectStoredRollups(companyId));
}

/** The same numbers, freshly aggregated from the activities. */
export function computeFreshRollups(t: TestApp, companyId: string): Promise<DayStats[]> {
  return rows<DayStats>(t, companyId, selectFreshRollups(companyId));
}

export async function expectRollupsExact(t: TestApp, companyId: string): Promise<void> {
  expect(await findStoredRollups(t, companyId)).toEqual(await computeFreshRollups(t, companyId));
}

/**
 * The company's activities of a built-in kind whose type row or outcome is not the one their kind
 * and flags give (decision 114: the activities_built_in_type trigger names them on every write).
 */
export async function findMisnamedActivities(t: TestApp, companyId: string): Promise<unknown[]> {
  const found = await rows<{
    id: string;
    type: string;
    meeting_booked: boolean;
    moved_forward: boolean;
    key: string | null;
    outcome_id: string | null;
  }>(
    t,
    companyId,
    sql`SELECT a.id, a.type, a.meeting_booked, a.moved_forward, k.key, a.outcome_id
          FROM activities a LEFT JOIN activity_types k ON k.company_id = a.company_id AND k.id = a.type_id
         WHERE a.company_id = ${companyId} AND a.type <> 'custom'`,
  );
  return found.filter((row) => {
    const outcome =
      row.type === 'call_unanswered'
        ? 'not_answered'
        : computeCallOutcome({ ...row, meetingBooked: row.meeting_booked, movedForward: row.moved_forward });
    return row.key !== kindOf(row.type) || row.outcome_id !== outcome;
  });
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
  change: { basePoints?: number; enabled?: boolean; multiplierValue?: number; threshold?: number },
): Promise<void> {
  await withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    if (change.basePoints !== undefined) {
      await tx.execute(
        sql`UPDATE kpi_rules SET base_points = ${change.basePoints} WHERE company_id = ${companyId} AND kpi_key = ${kpiKey}`,
      );
    }
    if (change.enabled !== undefined) {
      await tx.execute(sql`UPDATE kpi_rules SET enabled = ${change.enabled} WHERE company_id = ${companyId} AND kpi_key = ${kpiKey}`);
    }
    if (change.multiplierValue !== undefined) {
      await tx.execute(
        sql`UPDATE kpi_rules SET multiplier_value = ${change.multiplierValue} WHERE company_id = ${companyId} AND kpi_key = ${kpiKey}`,
      );
    }
    if (change.threshold !== undefined) {
      await tx.execute(sql`UPDATE kpi_rules SET threshold = ${change.threshold} WHERE company_id = ${companyId} AND kpi_key = ${kpiKey}`);
    }
  });
}

/**
 * A rep (role user) in a new company, with its admin: a company's first member becomes its admin,
 * so a plain createMember() is an admin.
 */
export async function createRepWithAdmin(t: TestApp): Promise<{ admin: Member; rep: Member }> {
  const admin = await t.createMember({ role: 'admin' });
  const rep = await t.createMember({ companyId: admin.companyId, role: 'user' });
  return { admin, rep };
}

/** Sets the company's late-logging window (decision 041) as an admin would. */
export async function setLateLoggingDays(t: TestApp, companyId: string, days: number): Promise<void> {
  await withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    await tx.execute(sql`UPDATE companies SET late_logging_days = ${days} WHERE id = ${companyId}`);
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

/** A sale as the activities module describes it in its events (decision 094), for a test that publishes one by hand. */
export function describeSale(userId: string, ticketSize: number): Activity {
  return {
    id: crypto.randomUUID(),
    userId,
    kind: 'sale',
    type: 'sale',
    answered: null,
    outcome: null,
    meetingBooked: false,
    movedForward: false,
    customerId: null,
    customerName: null,
    ticketSize,
    productName: null,
    notes: null,
    pointsEarned: 10,
    dailyBonus: false,
    typeId: null,
    outcomeId: null,
    fieldValues: null,
    localDate: '2026-11-24',
    loggedLate: false,
    createdAt: '2026-11-24T09:00:00.000Z',
    updatedAt: '2026-11-24T09:00:00.000Z',
  };
}
