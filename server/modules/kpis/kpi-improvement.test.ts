import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, KpiValues } from '@core/contracts';
import { toCompanyId, toUserId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * "Most improved" on a KPI (the fair ranking of decision 053 on decision 101's figures): each
 * member's value this period against their own average of the earlier equal periods in which they
 * logged anything the KPIs read, asked for one KPI at a time.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let steady: Member;
let slower: Member;
let newcomer: Member;

/** `count` calls of a member's on a day, written as they would be logged then (the rollup trigger sums them). */
async function seedCalls(member: Member, day: string, count: number, type = 'call_unanswered'): Promise<void> {
  await withTenant(t.db, { companyId: toCompanyId(member.companyId), userId: toUserId(member.id) }, (tx) =>
    tx.execute(sql`INSERT INTO activities (company_id, user_id, type, points_earned, local_date, created_at, updated_at, ticket_size)
      SELECT ${member.companyId}, ${member.id}, ${type}, 1, ${day}::date, ${`${day}T11:00:00Z`}::timestamptz,
             ${`${day}T11:00:00Z`}::timestamptz, CASE WHEN ${type} = 'sale' THEN 1000 END
        FROM generate_series(1, ${count})`),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin', name: 'Astrid Admin' });
  steady = await t.createMember({ companyId: admin.companyId, name: 'Siri Steady' });
  slower = await t.createMember({ companyId: admin.companyId, name: 'Sam Slower' });
  newcomer = await t.createMember({ companyId: admin.companyId, name: 'Nina New' });
  // The four weeks before 30 November - 6 December 2026: Siri 10 calls each; Sam 4 calls in one, and
  // a week with only a sale (he logged something: 0 calls counts); Nina nothing.
  for (const monday of ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']) await seedCalls(steady, monday, 10);
  await seedCalls(slower, '2026-11-10', 4);
  await seedCalls(slower, '2026-11-18', 1, 'sale');
  // This week: Siri 15, Sam 1, Nina 3.
  await seedCalls(steady, '2026-12-01', 15);
  await seedCalls(slower, '2026-12-02', 1);
  await seedCalls(newcomer, '2026-12-03', 3);
});
afterAll(() => t?.close());

const valuesOf = async (query: string, as: Member = admin) => t.request(`/api/v1/kpis/values?${query}`, { as });

describe('most improved on a KPI', () => {
  it("measures each member's week against their own average of the four weeks before, counting only weeks they logged in", async () => {
    const response = await valuesOf('from=2026-11-30&to=2026-12-06&ids=calls&improvement=week', steady);
    expect(response.status).toBe(200);
    const values = (await response.json()) as KpiValues;
    const of = (member: Member) => values.kpis[0]!.members.find((m) => m.userId === member.id);
    expect(of(steady)).toEqual({ userId: steady.id, value: 15, improvement: { baseline: 10, periods: 4, change: 5_000 } });
    // Sam's baseline is (4 + 0) / 2: the week with only a sale counts, the two empty ones do not.
    expect(of(slower)).toEqual({ userId: slower.id, value: 1, improvement: { baseline: 2, periods: 2, change: -5_000 } });
    expect(of(newcomer)).toEqual({ userId: newcomer.id, value: 3, improvement: { baseline: null, periods: 0, change: null } });
  });

  it('a day is measured against the 28 days before it; without the flag nothing more is read or answered', async () => {
    const day = (await (await valuesOf('from=2026-12-01&to=2026-12-01&ids=calls&improvement=day')).json()) as KpiValues;
    // Siri logged on three of the 28 days before (2 November is the 29th), 10 calls each.
    expect(day.kpis[0]!.members.find((m) => m.userId === steady.id)?.improvement).toEqual({ baseline: 10, periods: 3, change: 5_000 });
    const plain = (await (await valuesOf('from=2026-11-30&to=2026-12-06&ids=calls')).json()) as KpiValues;
    expect(plain.kpis[0]!.members.every((m) => m.improvement === undefined)).toBe(true);
  });

  it("a week so far (Monday to Wednesday) is measured against the four whole weeks before, as the dashboard's leaderboard measures", async () => {
    const sofar = (await (await valuesOf('from=2026-11-30&to=2026-12-02&ids=calls&improvement=week')).json()) as KpiValues;
    expect(sofar.kpis[0]!.members.find((m) => m.userId === steady.id)?.improvement).toEqual({ baseline: 10, periods: 4, change: 5_000 });
  });

  it('keeps the average as the KPI holds it: a ratio of 0.25 is not rounded to 0.3', async () => {
    const ratio = await t.request('/api/v1/kpis', {
      method: 'POST',
      as: admin,
      json: { names: { en: 'Sales per call' }, formula: { kind: 'ratio', left: 'sales', right: 'calls' }, format: 'percent', decimals: 1 },
    });
    const kpi = (await ratio.json()) as { id: string };
    const values = (await (await valuesOf(`from=2026-11-30&to=2026-12-06&ids=${kpi.id}&improvement=week`)).json()) as KpiValues;
    // Sam: 0 sales of 4 calls in one week, 1 sale of 0 calls (no value) in another: the average is of one week, 0.
    // A percent changes in percentage points: 0 % on 0 % is no change.
    expect(values.kpis[0]!.members.find((m) => m.userId === slower.id)?.improvement).toEqual({
      baseline: 0,
      periods: 1,
      change: 0,
      changeIn: 'percentage_points',
    });
  });

  it('measures a KPI written as a percent in percentage points, the same ratio written as a number relatively', async () => {
    const create = async (name: string, format: 'percent' | 'number') =>
      (await (
        await t.request('/api/v1/kpis', {
          method: 'POST',
          as: admin,
          json: { names: { en: name }, formula: { kind: 'ratio', left: 'sales', right: 'calls' }, format, decimals: 2 },
        })
      ).json()) as { id: string };
    const rate = await create('Hit rate', 'percent');
    const perCall = await create('Sales a call', 'number');
    // Siri: 1 sale on 10 calls in one of the four weeks before (10 %, the others 0 %: an average of 2.5 %), 2 on 15 now (13.3 %).
    await seedCalls(steady, '2026-11-03', 1, 'sale');
    await seedCalls(steady, '2026-12-01', 2, 'sale');
    const improvementOf = async (id: string) =>
      ((await (await valuesOf(`from=2026-11-30&to=2026-12-06&ids=${id}&improvement=week`)).json()) as KpiValues).kpis[0]!.members.find(
        (m) => m.userId === steady.id,
      )?.improvement;
    // +10.8 percentage points (in hundredths), where relatively it is +433 %.
    expect(await improvementOf(rate.id)).toEqual({ baseline: 0.025, periods: 4, change: 1_083, changeIn: 'percentage_points' });
    expect(await improvementOf(perCall.id)).toEqual({ baseline: 0.025, periods: 4, change: 43_333 });
  });

  it("measures the points of calls (decision 110) against the weeks' own points of calls", async () => {
    const created = await t.request('/api/v1/kpis', {
      method: 'POST',
      as: admin,
      json: {
        names: { en: 'Points from calls' },
        formula: { kind: 'aggregate', aggregate: 'sum', of: 'points', typeIds: ['call'] },
        format: 'number',
      },
    });
    const kpi = (await created.json()) as { id: string };
    const values = (await (await valuesOf(`from=2026-11-30&to=2026-12-06&ids=${kpi.id}&improvement=week`)).json()) as KpiValues;
    // Siri: a point a call, 10 a week before and 15 now; Sam's sale week had no call points (0 of them counts).
    expect(values.kpis[0]!.members.find((m) => m.userId === steady.id)).toEqual({
      userId: steady.id,
      value: 15,
      improvement: { baseline: 10, periods: 4, change: 5_000 },
    });
    expect(values.kpis[0]!.members.find((m) => m.userId === slower.id)?.improvement).toEqual({ baseline: 2, periods: 2, change: -5_000 });
  });

  it('is asked for one KPI at a time, in words', async () => {
    const refused = await valuesOf('from=2026-11-30&to=2026-12-06&improvement=week');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ApiError).error.details).toEqual({ improvement: 'Most improved is asked for one KPI at a time' });
    const long = await valuesOf('from=2026-10-01&to=2026-12-06&ids=calls&improvement=range');
    expect(((await long.json()) as ApiError).error.details).toEqual({ improvement: 'Most improved is asked for at most 31 days' });
  });
});
