import type { Activity } from '@core/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../db/client';
import { toCompanyId, withInstance, withTenant } from '../../db/tenant';
import { rebuildDailyStats } from '../../seed/activities';
import { findRollupMismatches } from '../../test/database-checks';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type DailyStatsRange, selectDailyStats, sumDailyStatsByDay, sumDailyStatsByUser, ZERO_DAILY_STATS } from './daily-stats.service';

/*
 * The rollup's reader (one row type, one name per metric) over what the API logged, and the rollup's
 * arithmetic, written once in SQL (daily_stats_delta, migration 0047): the trigger's rows, an
 * edit's and a delete's, and a rebuild from scratch all equal a fresh count of the activities.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

const YESTERDAY = '2026-11-19';
const TODAY = '2026-11-20';

let t: TestApp;
let admin: Member;
let rep: Member;
let other: Member;
let companyId: string;
let sale: Activity;
let call: Activity;

async function log(member: Member, json: unknown): Promise<Activity> {
  const response = await t.request('/api/v1/activities', { method: 'POST', as: member, json });
  expect(response.status).toBe(201);
  return (await response.json()) as Activity;
}

/** What the reader returns, read as the admin in their company. */
function read<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return withTenant(t.db, { companyId: toCompanyId(companyId), userId: admin.id }, fn);
}

const range = (input: Partial<DailyStatsRange> = {}): DailyStatsRange => ({
  companyId: toCompanyId(companyId),
  from: YESTERDAY,
  to: TODAY,
  ...input,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin' });
  companyId = admin.companyId;
  rep = await t.createMember({ companyId });
  other = await t.createMember({ companyId });
  // Oslo's noon: the local day is the UTC day.
  t.setNow(() => new Date(`${YESTERDAY}T11:00:00Z`));
  await log(rep, { kind: 'call', answered: false });
  await log(other, { kind: 'sale', ticketSize: 40_000 });
  t.setNow(() => new Date(`${TODAY}T11:00:00Z`));
  call = await log(rep, { kind: 'call', answered: true, outcome: 'meeting_booked' });
  await log(rep, { kind: 'call', answered: true, outcome: 'moved_forward' });
  await log(rep, { kind: 'call', answered: false });
  await log(rep, { kind: 'meeting' });
  sale = await log(rep, { kind: 'sale', ticketSize: 12_500 });
  await log(other, { kind: 'call', answered: true, outcome: 'no_progress' });
});
afterAll(() => t?.close());

describe('the daily stats reader', () => {
  it("reads a member's day with one name per metric: meetings held and the sales value as the contracts name them", async () => {
    const today = await t.request('/api/v1/stats/me/today', { as: rep });
    const { points } = (await today.json()) as { points: number };
    expect(points).toBeGreaterThan(0);
    expect(await read((tx) => selectDailyStats(tx, range({ userIds: [rep.id], from: TODAY })))).toEqual([
      {
        userId: rep.id,
        day: TODAY,
        calls: 3,
        answered: 2,
        unanswered: 1,
        meetings_booked: 1,
        meetings_held: 1,
        moved_forward: 1,
        emails: 0,
        linkedin: 0,
        sales: 1,
        sales_value: 12_500,
        points,
        activities: 5,
      },
    ]);
  });

  it("reads everyone's rows of a range by day, then member", async () => {
    const rows = await read((tx) => selectDailyStats(tx, range()));
    const keys = rows.map((row) => `${row.day} ${row.userId}`);
    expect(keys).toEqual([...keys].sort());
    expect(keys).toHaveLength(4);
    expect(rows.find((row) => row.day === YESTERDAY && row.userId === other.id)).toMatchObject({ sales: 1, sales_value: 40_000 });
  });

  it('sums a range per member and per day, and reads nothing for an empty list of members', async () => {
    const rows = await read((tx) => selectDailyStats(tx, range()));
    const byUser = await read((tx) => sumDailyStatsByUser(tx, range()));
    expect(byUser.map((row) => row.userId).sort()).toEqual([rep.id, other.id].sort());
    for (const member of [rep, other]) {
      const own = rows.filter((row) => row.userId === member.id);
      expect(byUser.find((row) => row.userId === member.id)).toEqual({
        userId: member.id,
        ...Object.fromEntries(
          Object.keys(ZERO_DAILY_STATS).map((metric) => [metric, own.reduce((sum, row) => sum + row[metric as 'calls'], 0)]),
        ),
      });
    }
    expect(await read((tx) => sumDailyStatsByUser(tx, range({ userIds: [other.id] })))).toMatchObject([
      { userId: other.id, calls: 1, sales: 1, sales_value: 40_000, activities: 2 },
    ]);
    const byDay = await read((tx) => sumDailyStatsByDay(tx, range()));
    expect(byDay.map((row) => row.day)).toEqual([YESTERDAY, TODAY]);
    expect(byDay[1]).toMatchObject({
      calls: 4,
      answered: 3,
      meetings_booked: 1,
      meetings_held: 1,
      sales: 1,
      sales_value: 12_500,
      activities: 6,
    });

    const statements: string[] = [];
    const stop = t.deps.database.observeStatements((text) => statements.push(text));
    try {
      expect(await read((tx) => sumDailyStatsByUser(tx, range({ userIds: [] })))).toEqual([]);
      expect(await read((tx) => selectDailyStats(tx, range({ userIds: [] })))).toEqual([]);
    } finally {
      stop();
    }
    expect(statements.filter((text) => text.includes('daily_user_stats'))).toEqual([]);
  });
});

describe("the rollup's arithmetic, written once (daily_stats_delta)", () => {
  const scope = () => ({ companyId: toCompanyId(companyId), userId: null });

  it('gives what one activity adds to its day, or takes away', async () => {
    const delta = (id: string, sign: number) =>
      withInstance(t.db, scope(), async (tx) => {
        const result = await tx.execute(sql`
          SELECT d.calls, d.answered, d.meetings_booked, d.meetings_completed, d.sales, d.revenue::text AS revenue, d.activities
            FROM activities a, daily_stats_delta(a, ${sign}::int) d WHERE a.id = ${id}::uuid`);
        return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) =>
          Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])),
        );
      });
    expect(await delta(sale.id, 1)).toEqual([
      { calls: 0, answered: 0, meetings_booked: 0, meetings_completed: 0, sales: 1, revenue: 12_500, activities: 1 },
    ]);
    expect(await delta(call.id, -1)).toEqual([
      { calls: -1, answered: -1, meetings_booked: -1, meetings_completed: 0, sales: 0, revenue: 0, activities: -1 },
    ]);
  });

  it('keeps the rollup equal to a fresh count of the activities through edits, moves and deletes', async () => {
    expect(await findRollupMismatches(t.db, [companyId])).toEqual([]);
    const edit = async (id: string, json: unknown) =>
      expect((await t.request(`/api/v1/activities/${id}`, { method: 'PATCH', as: admin, json })).status).toBe(200);
    await edit(call.id, { outcome: 'no_progress' });
    await edit(sale.id, { ticketSize: 99_000 });
    await edit(sale.id, { userId: other.id });
    expect(await findRollupMismatches(t.db, [companyId])).toEqual([]);
    expect((await t.request(`/api/v1/activities/${call.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    expect((await t.request(`/api/v1/activities/${sale.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    expect(await findRollupMismatches(t.db, [companyId])).toEqual([]);
    expect(await read((tx) => selectDailyStats(tx, range({ userIds: [rep.id], from: TODAY })))).toMatchObject([
      { calls: 2, answered: 1, meetings_booked: 0, meetings_held: 1, sales: 0, sales_value: 0, activities: 3 },
    ]);
  });

  it('rebuilds the same rows from scratch (the seed, for bulk loads)', async () => {
    const before = await read((tx) => selectDailyStats(tx, range()));
    await rebuildDailyStats(t.db, companyId);
    expect(await read((tx) => selectDailyStats(tx, range()))).toEqual(before);
    expect(await findRollupMismatches(t.db, [companyId])).toEqual([]);
  });
});
