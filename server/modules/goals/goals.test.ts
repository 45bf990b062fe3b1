import type { Goals, MyTodayStats } from '@core/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
type ErrorBody = { error: { code: string; message: string; details?: Record<string, string> } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function getGoals(member: Member): Promise<Goals> {
  const response = await t.request('/api/v1/goals/me', { as: member });
  expect(response.status).toBe(200);
  return (await response.json()) as Goals;
}

function putGoals(member: Member, json: unknown) {
  return t.request('/api/v1/goals/me', { method: 'PUT', as: member, json });
}

async function goalRows(companyId: string): Promise<{ user_id: string; daily_calls: number }[]> {
  return withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`SELECT user_id, daily_calls FROM goals WHERE company_id = ${companyId}`);
    return (result as unknown as { rows: { user_id: string; daily_calls: number }[] }).rows;
  });
}

describe('daily goals', () => {
  it('are zeros before the first save', async () => {
    const rep = await t.createMember();
    expect(await getGoals(rep)).toEqual({ dailyCalls: 0, dailyMeetings: 0, dailySales: 0, types: {}, updatedAt: null });
  });

  it('save once per company and user: the second save updates the same row', async () => {
    const rep = await t.createMember();
    t.setNow(() => new Date('2026-11-20T10:00:00Z'));
    const first = await putGoals(rep, { dailyCalls: 40, dailyMeetings: 3, dailySales: 1 });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      dailyCalls: 40,
      dailyMeetings: 3,
      dailySales: 1,
      types: {},
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    t.setNow(() => new Date('2026-11-20T11:00:00Z'));
    await putGoals(rep, { dailyCalls: 50, dailyMeetings: 0, dailySales: 2 });
    expect(await getGoals(rep)).toEqual({
      dailyCalls: 50,
      dailyMeetings: 0,
      dailySales: 2,
      types: {},
      updatedAt: '2026-11-20T11:00:00.000Z',
    });
    expect(await goalRows(rep.companyId)).toEqual([{ user_id: rep.id, daily_calls: 50 }]);
    t.setNow(() => new Date());
  });

  it('concurrent saves leave one row', async () => {
    const rep = await t.createMember();
    const responses = await Promise.all([10, 20, 30, 40].map((n) => putGoals(rep, { dailyCalls: n, dailyMeetings: 1, dailySales: 1 })));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const rows = await goalRows(rep.companyId);
    expect(rows).toHaveLength(1);
    expect([10, 20, 30, 40]).toContain(rows[0]!.daily_calls);
  });

  it('are personal: a colleague and another company have their own', async () => {
    const rep = await t.createMember();
    const colleague = await t.createMember({ companyId: rep.companyId });
    const other = await t.createMember();
    await putGoals(rep, { dailyCalls: 25, dailyMeetings: 2, dailySales: 1 });
    expect((await getGoals(colleague)).dailyCalls).toBe(0);
    expect((await getGoals(other)).dailyCalls).toBe(0);
    expect(await goalRows(other.companyId)).toEqual([]);
  });

  it.each<[string, unknown, string]>([
    ['a negative goal', { dailyCalls: -1, dailyMeetings: 0, dailySales: 0 }, 'dailyCalls'],
    ['a fraction', { dailyCalls: 1, dailyMeetings: 1.5, dailySales: 0 }, 'dailyMeetings'],
    ['text', { dailyCalls: 1, dailyMeetings: 1, dailySales: 'two' }, 'dailySales'],
    ['a missing goal', { dailyCalls: 1, dailyMeetings: 1 }, 'dailySales'],
    ['an absurd goal', { dailyCalls: 1_000_000, dailyMeetings: 1, dailySales: 1 }, 'dailyCalls'],
  ])('refuse %s and write nothing', async (_label, body, field) => {
    const rep = await t.createMember();
    const response = await putGoals(rep, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as ErrorBody;
    expect(error.error.code).toBe('invalid_input');
    expect(error.error.details?.[field]).toMatch(/goal/);
    expect(await goalRows(rep.companyId)).toEqual([]);
  });

  it("on the company's own types (decision 106): saved with the built-in ones, kept when left out, counted today, refused on another company's type", async () => {
    const admin = await t.createMember({ role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });
    const outsider = await t.createMember({ role: 'admin' });
    const makeType = async (as: Member, en: string) => {
      const response = await t.request('/api/v1/activity-types', {
        method: 'POST',
        as,
        json: { names: { en }, icon: 'phone-call', colour: 'blue', points: 1, outcomes: [], fields: [], bonus: null },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { id: string }).id;
    };
    const dial = await makeType(admin, 'Dial');
    const demo = await makeType(admin, 'Demo');
    const theirs = await makeType(outsider, 'Theirs');

    const saved = await putGoals(rep, { dailyCalls: 0, dailyMeetings: 2, dailySales: 0, types: { [dial]: 50, [demo]: 0 } });
    expect(saved.status).toBe(200);
    // A goal of 0 is none: it is not kept.
    expect(((await saved.json()) as Goals).types).toEqual({ [dial]: 50 });
    // A client that knows only the three built-in goals changes nothing else.
    await putGoals(rep, { dailyCalls: 30, dailyMeetings: 2, dailySales: 0 });
    expect(await getGoals(rep)).toMatchObject({ dailyCalls: 30, types: { [dial]: 50 } });

    // Today's count of each type with a goal, beside the goals.
    for (let i = 0; i < 3; i++) {
      const logged = await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'custom', typeId: dial } });
      expect(logged.status).toBe(201);
    }
    const today = await t.request('/api/v1/stats/me/today', { as: rep });
    expect(((await today.json()) as MyTodayStats).typeCounts).toEqual({ [dial]: 3 });

    // Another company's type, or one archived, is refused on its field, and nothing changes.
    const refused = await putGoals(rep, { dailyCalls: 30, dailyMeetings: 2, dailySales: 0, types: { [theirs]: 5 } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.details).toEqual({ [`types.${theirs}`]: 'Choose one of your activity types' });
    const archived = await t.request(`/api/v1/activity-types/${demo}/archive`, { method: 'POST', as: admin });
    expect(archived.status).toBeLessThan(300);
    expect((await putGoals(rep, { dailyCalls: 30, dailyMeetings: 2, dailySales: 0, types: { [demo]: 5 } })).status).toBe(400);
    expect((await getGoals(rep)).types).toEqual({ [dial]: 50 });
    const bad = await putGoals(rep, { dailyCalls: 1, dailyMeetings: 1, dailySales: 1, types: { 'not-a-type': 5 } });
    expect(bad.status).toBe(400);

    // An admin sets them for the rep: the audit entry keeps the type's names as they were.
    const set = await t.request(`/api/v1/goals/members/${rep.id}`, {
      method: 'PUT',
      as: admin,
      json: { dailyCalls: 10, dailyMeetings: 0, dailySales: 0, types: { [dial]: 40 } },
    });
    expect(set.status).toBe(200);
    const log = (await (await t.request('/api/v1/admin/audit-log?action=goals.set', { as: admin })).json()) as {
      entries: { details: Record<string, unknown> }[];
    };
    expect(log.entries[0]!.details).toEqual({
      dailyCalls: 10,
      dailyMeetings: 0,
      dailySales: 0,
      types: [{ typeId: dial, names: { en: 'Dial' }, goal: 40 }],
    });
    expect((await getGoals(rep)).types).toEqual({ [dial]: 40 });
  });

  it('need a member', async () => {
    expect((await t.request('/api/v1/goals/me')).status).toBe(401);
    expect((await t.request('/api/v1/goals/me', { method: 'PUT', json: { dailyCalls: 1, dailyMeetings: 1, dailySales: 1 } })).status).toBe(
      401,
    );
  });
});
