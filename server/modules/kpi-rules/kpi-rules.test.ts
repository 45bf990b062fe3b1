import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, KpiRuleList, KpiRuleView } from '@core/contracts';
import { DEFAULT_KPI_RULES, KPI_KEYS } from '@core/kpi';
import { createTestApp, type TestApp } from '../../test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;
let otherAdmin: Member;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin' });
  rep = await t.createMember({ companyId: admin.companyId, role: 'user' });
  otherAdmin = await t.createMember({ role: 'admin' });
});
afterAll(() => t.close());

async function rules(as: Member): Promise<KpiRuleView[]> {
  const response = await t.request('/api/v1/kpi-rules', { as });
  expect(response.status).toBe(200);
  return ((await response.json()) as KpiRuleList).rules;
}

const ruleOf = async (as: Member, key: string) => (await rules(as)).find((r) => r.kpiKey === key)!;

function patch(as: Member | null, id: string, json: unknown) {
  return t.request(`/api/v1/kpi-rules/${id}`, { method: 'PATCH', as, json });
}

describe('GET /api/v1/kpi-rules', () => {
  it('lists the defaults ordered by key, with multipliers, to any member', async () => {
    const list = await rules(rep);
    expect(list.map((r) => r.kpiKey)).toEqual([...KPI_KEYS].sort());
    for (const rule of list) {
      const fallback = DEFAULT_KPI_RULES.find((d) => d.kpiKey === rule.kpiKey)!;
      expect(rule).toMatchObject({
        basePoints: fallback.basePoints,
        enabled: fallback.enabled,
        multiplierValue: fallback.multiplierValue,
      });
      expect(typeof rule.id).toBe('string');
    }
  });

  it('refuses anonymous callers and people without a company', async () => {
    expect((await t.request('/api/v1/kpi-rules')).status).toBe(401);
    const loner = await t.createUser();
    const response = await t.request('/api/v1/kpi-rules', { as: loner as Member });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ApiError).error.code).toBe('no_company');
  });
});

describe('PATCH /api/v1/kpi-rules/:id', () => {
  it('lets an admin change points and the enabled switch', async () => {
    const sale = await ruleOf(admin, 'sale');
    const response = await patch(admin, sale.id, { basePoints: 25, enabled: false });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: sale.id, kpiKey: 'sale', basePoints: 25, enabled: false });
    expect(await ruleOf(rep, 'sale')).toMatchObject({ basePoints: 25, enabled: false });
    // The other company is untouched.
    expect(await ruleOf(otherAdmin, 'sale')).toMatchObject({ basePoints: 10, enabled: true });
  });

  it('sets the multiplier of sale_ticket_size', async () => {
    const ticket = await ruleOf(admin, 'sale_ticket_size');
    const response = await patch(admin, ticket.id, { multiplierValue: 0.015, enabled: true });
    expect(response.status).toBe(200);
    expect(await ruleOf(admin, 'sale_ticket_size')).toMatchObject({ multiplierValue: 0.015, enabled: true });
  });

  it.each([
    [{ basePoints: -1 }, 'basePoints'],
    [{ basePoints: 1001 }, 'basePoints'],
    [{ basePoints: 2.5 }, 'basePoints'],
    [{ basePoints: '5' }, 'basePoints'],
    [{ enabled: 'yes' }, 'enabled'],
    [{ multiplierValue: -0.1 }, 'multiplierValue'],
    [{}, '_'],
    [{ kpiKey: 'sale' }, '_'],
  ])('refuses %j with a 400 and writes nothing', async (body, field) => {
    const meeting = await ruleOf(admin, 'meeting_booked');
    const response = await patch(admin, meeting.id, body);
    expect(response.status).toBe(400);
    const error = ((await response.json()) as ApiError).error;
    expect(error.code).toBe('invalid_input');
    expect(Object.keys(error.details ?? {})).toContain(field);
    expect(await ruleOf(admin, 'meeting_booked')).toEqual(meeting);
  });

  it('refuses a multiplier on a rule other than sale_ticket_size', async () => {
    const call = await ruleOf(admin, 'call_answered');
    const response = await patch(admin, call.id, { multiplierValue: 2 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.details).toHaveProperty('multiplierValue');
    expect(await ruleOf(admin, 'call_answered')).toEqual(call);
  });

  it('refuses users, anonymous callers and admins of another company, changing nothing', async () => {
    const meeting = await ruleOf(admin, 'meeting_booked');
    expect((await patch(rep, meeting.id, { basePoints: 99 })).status).toBe(403);
    expect((await patch(null, meeting.id, { basePoints: 99 })).status).toBe(401);
    expect((await patch(otherAdmin, meeting.id, { basePoints: 99 })).status).toBe(404);
    expect((await patch(admin, 'not-a-uuid', { basePoints: 99 })).status).toBe(400);
    expect((await patch(admin, crypto.randomUUID(), { basePoints: 99 })).status).toBe(404);
    expect(await ruleOf(admin, 'meeting_booked')).toEqual(meeting);
  });
});

describe('a rule change affects only activities logged afterwards (points are snapshots)', () => {
  it('the next call scores by the new rule, the earlier one keeps its points', async () => {
    const logBooked = async () => {
      const response = await t.request('/api/v1/activities', {
        method: 'POST',
        as: rep,
        json: { kind: 'call', answered: true, outcome: 'meeting_booked' },
      });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; pointsEarned: number };
    };
    const meeting = await ruleOf(admin, 'meeting_booked');
    await patch(admin, meeting.id, { basePoints: 5 });
    const before = await logBooked();
    expect(before.pointsEarned).toBe(5);

    expect((await patch(admin, meeting.id, { basePoints: 8 })).status).toBe(200);
    const after = await logBooked();
    expect(after.pointsEarned).toBe(8);

    const mine = (await (await t.request('/api/v1/activities/mine', { as: rep })).json()) as {
      activities: { id: string; pointsEarned: number }[];
    };
    const points = Object.fromEntries(mine.activities.map((a) => [a.id, a.pointsEarned]));
    expect(points[before.id]).toBe(5);
    expect(points[after.id]).toBe(8);
  });
});

describe('the daily call bonus at a number of calls the company sets (decision 108)', () => {
  const logCall = async (as: Member) => {
    const response = await t.request('/api/v1/activities', { method: 'POST', as, json: { kind: 'call', answered: false } });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; pointsEarned: number; dailyBonus: boolean };
  };
  const pointsOf = async (as: Member) => {
    const mine = (await (await t.request('/api/v1/activities/mine', { as })).json()) as {
      activities: { id: string; pointsEarned: number; dailyBonus: boolean }[];
    };
    return new Map(mine.activities.map((a) => [a.id, a]));
  };

  it('says 20 calls on the bonus rule by default, and no number on any other rule', async () => {
    const list = await rules(rep);
    expect(list.find((r) => r.kpiKey === 'daily_call_bonus_20')!.threshold).toBe(20);
    expect(list.filter((r) => r.kpiKey !== 'daily_call_bonus_20').map((r) => r.threshold)).toEqual(list.slice(1).map(() => null));
  });

  it('an admin sets it; the call that reaches it earns the bonus, and a day that falls below it loses the bonus', async () => {
    const caller = await t.createMember({ companyId: admin.companyId, role: 'user' });
    const bonus = await ruleOf(admin, 'daily_call_bonus_20');
    const response = await patch(admin, bonus.id, { threshold: 4 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ kpiKey: 'daily_call_bonus_20', threshold: 4, basePoints: bonus.basePoints });
    expect((await ruleOf(rep, 'daily_call_bonus_20')).threshold).toBe(4);
    expect((await ruleOf(otherAdmin, 'daily_call_bonus_20')).threshold).toBe(20);

    const calls = [await logCall(caller), await logCall(caller), await logCall(caller)];
    expect(calls.map((c) => c.dailyBonus)).toEqual([false, false, false]);
    const fourth = await logCall(caller);
    expect(fourth).toMatchObject({ dailyBonus: true, pointsEarned: bonus.basePoints });
    expect((await logCall(caller)).dailyBonus).toBe(false);

    // Two deleted: three calls left, below the number, so the bonus goes with exactly its points.
    for (const call of calls.slice(0, 2)) {
      expect((await t.request(`/api/v1/activities/${call.id}`, { method: 'DELETE', as: caller })).status).toBe(200);
    }
    expect((await pointsOf(caller)).get(fourth.id)).toMatchObject({ dailyBonus: false, pointsEarned: 0 });
    // The next call brings the day back to four: it earns the bonus.
    expect((await logCall(caller)).dailyBonus).toBe(true);

    // The audit log names the change.
    const audit = (await (await t.request('/api/v1/admin/audit-log', { as: admin })).json()) as {
      entries: { action: string; details: { kpiKey?: string; changes?: Record<string, unknown> } }[];
    };
    const entry = audit.entries.find((e) => e.action === 'kpi_rule.changed' && e.details.kpiKey === 'daily_call_bonus_20');
    expect(entry?.details.changes).toMatchObject({ threshold: { from: 20, to: 4 } });
  });

  /** Sets the company's number and returns a new member with `calls` calls logged today. */
  const memberWithCalls = async (threshold: number, calls: number) => {
    const bonus = await ruleOf(admin, 'daily_call_bonus_20');
    expect((await patch(admin, bonus.id, { threshold })).status).toBe(200);
    const member = await t.createMember({ companyId: admin.companyId, role: 'user' });
    const logged = [];
    for (let i = 0; i < calls; i += 1) logged.push(await logCall(member));
    return { member, logged };
  };
  const remove = async (as: Member, id: string) =>
    expect((await t.request(`/api/v1/activities/${id}`, { method: 'DELETE', as })).status).toBe(200);
  const carriers = async (as: Member) => [...(await pointsOf(as)).values()].filter((a) => a.dailyBonus).map((a) => a.id);

  it('a deletion that leaves the day at the number keeps the bonus where it is', async () => {
    const { member, logged } = await memberWithCalls(4, 5);
    expect(await carriers(member)).toEqual([logged[3]!.id]);
    await remove(member, logged[0]!.id);
    expect(await carriers(member)).toEqual([logged[3]!.id]);
  });

  it('the carrier deleted from a day that still reaches the number: the latest call takes the bonus', async () => {
    const { member, logged } = await memberWithCalls(4, 5);
    await remove(member, logged[3]!.id);
    expect(await carriers(member)).toEqual([logged[4]!.id]);
    expect((await pointsOf(member)).get(logged[4]!.id)!.pointsEarned).toBe(5);
  });

  it('the bonus call edited in place keeps its bonus at a number above 20', async () => {
    const { member, logged } = await memberWithCalls(25, 25);
    const carrier = logged[24]!;
    expect(carrier.dailyBonus).toBe(true);
    const response = await t.request(`/api/v1/activities/${carrier.id}`, { method: 'PATCH', as: member, json: { notes: 'Good day' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ dailyBonus: true, pointsEarned: 5 });
  });

  it('a call moved onto a member whose day is one short of the number earns the bonus there', async () => {
    const { member: there } = await memberWithCalls(4, 3);
    const from = await t.createMember({ companyId: admin.companyId, role: 'user' });
    const call = await logCall(from);
    const response = await t.request(`/api/v1/activities/${call.id}`, { method: 'PATCH', as: admin, json: { userId: there.id } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ userId: there.id, dailyBonus: true, pointsEarned: 5 });
  });

  it('a day judged again after the number was raised is judged by the new number', async () => {
    const { member, logged } = await memberWithCalls(4, 5);
    const bonus = await ruleOf(admin, 'daily_call_bonus_20');
    expect((await patch(admin, bonus.id, { threshold: 10 })).status).toBe(200);
    // Untouched, the day keeps the bonus it earned (points are snapshots)...
    expect(await carriers(member)).toEqual([logged[3]!.id]);
    // ...and once a call of it is deleted, the day of 4 calls is below 10: the bonus goes.
    await remove(member, logged[0]!.id);
    expect(await carriers(member)).toEqual([]);
  });

  it.each([[{ threshold: 1 }], [{ threshold: 1001 }], [{ threshold: 2.5 }], [{ threshold: '5' }]])(
    'refuses %j with a 400 and writes nothing',
    async (body) => {
      const bonus = await ruleOf(admin, 'daily_call_bonus_20');
      const response = await patch(admin, bonus.id, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ApiError).error.details).toHaveProperty('threshold');
      expect(await ruleOf(admin, 'daily_call_bonus_20')).toEqual(bonus);
    },
  );

  it('refuses a number of calls on any other rule', async () => {
    const meeting = await ruleOf(admin, 'meeting_booked');
    const response = await patch(admin, meeting.id, { threshold: 5 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.details).toHaveProperty('threshold');
    expect(await ruleOf(admin, 'meeting_booked')).toEqual(meeting);
  });
});
