import type { SaveWrapupResult, WrapupHistory, WrapupToday } from '@core/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { LiveChange } from '@core/contracts';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;
type ErrorBody = { error: { code: string; message: string; details?: Record<string, string> } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.setNow(() => new Date()));
afterAll(() => t.close());

const at = (iso: string) => t.setNow(() => new Date(iso));
const form = (n: number, extra: Record<string, unknown> = {}) => ({
  calls: n,
  meetings: 1,
  sales: 0,
  points: n * 2,
  good: `good ${n}`,
  improve: null,
  ...extra,
});

async function today(member: Member): Promise<WrapupToday> {
  const response = await t.request('/api/v1/wrapups/today', { as: member });
  expect(response.status).toBe(200);
  return (await response.json()) as WrapupToday;
}

function save(member: Member, json: unknown) {
  return t.request('/api/v1/wrapups/today', { method: 'PUT', as: member, json });
}

async function saveOk(member: Member, json: unknown): Promise<SaveWrapupResult> {
  const response = await save(member, json);
  expect(response.status).toBe(200);
  return (await response.json()) as SaveWrapupResult;
}

async function history(member: Member): Promise<WrapupHistory> {
  const response = await t.request('/api/v1/wrapups/history', { as: member });
  expect(response.status).toBe(200);
  return (await response.json()) as WrapupHistory;
}

async function wrapupRows(companyId: string): Promise<{ user_id: string; date: string; calls: number }[]> {
  return withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(
      sql`SELECT user_id, date::text AS date, calls FROM wrapups WHERE company_id = ${companyId} ORDER BY date`,
    );
    return (result as unknown as { rows: { user_id: string; date: string; calls: number }[] }).rows;
  });
}

async function log(member: Member, json: unknown) {
  const response = await t.request('/api/v1/activities', { method: 'POST', as: member, json });
  expect(response.status).toBe(201);
}

describe("today's wrap-up", () => {
  it("before a save: nothing saved, the form prefilled from today's activities", async () => {
    const rep = await t.createMember();
    at('2026-11-20T15:00:00Z');
    expect(await today(rep)).toEqual({ date: '2026-11-20', saved: null, prefill: { calls: 0, meetings: 0, sales: 0, points: 0 } });
    await log(rep, { kind: 'call', answered: true, outcome: 'meeting_booked' });
    await log(rep, { kind: 'call', answered: false });
    await log(rep, { kind: 'sale', ticketSize: 10_000 });
    await log(rep, { kind: 'meeting' }); // a held meeting is not a booked one
    expect((await today(rep)).prefill).toEqual({ calls: 2, meetings: 1, sales: 1, points: 18 });
  });

  it('the first save creates, the second updates the same row', async () => {
    const rep = await t.createMember();
    at('2026-11-20T15:00:00Z');
    const first = await saveOk(rep, form(12, { good: '  Booked two demos ', improve: '' }));
    expect(first.created).toBe(true);
    expect(first.wrapup).toMatchObject({ date: '2026-11-20', calls: 12, meetings: 1, points: 24, good: 'Booked two demos', improve: null });
    at('2026-11-20T16:00:00Z');
    const second = await saveOk(rep, form(15, { improve: 'Call earlier' }));
    expect(second.created).toBe(false);
    expect(second.wrapup).toMatchObject({ id: first.wrapup.id, calls: 15, improve: 'Call earlier', createdAt: first.wrapup.createdAt });
    expect(second.wrapup.updatedAt).toBe('2026-11-20T16:00:00.000Z');
    expect((await today(rep)).saved).toEqual(second.wrapup);
    expect(await wrapupRows(rep.companyId)).toEqual([{ user_id: rep.id, date: '2026-11-20', calls: 15 }]);
  });

  it('concurrent saves yield one row; exactly one of them reports created', async () => {
    const rep = await t.createMember();
    at('2026-11-20T15:00:00Z');
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => saveOk(rep, form(n))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.wrapup.id)).size).toBe(1);
    expect(await wrapupRows(rep.companyId)).toHaveLength(1);
  });

  it("belongs to the company-local day: after local midnight it's a new wrap-up", async () => {
    const rep = await t.createMember();
    at('2026-10-25T22:59:00Z'); // 23:59 on the 25-hour fall-back day in Oslo
    expect((await saveOk(rep, form(1))).wrapup.date).toBe('2026-10-25');
    at('2026-10-25T23:00:00Z'); // 00:00 on the 26th
    expect((await today(rep)).saved).toBeNull();
    expect((await saveOk(rep, form(2))).created).toBe(true);
    expect((await wrapupRows(rep.companyId)).map((r) => r.date)).toEqual(['2026-10-25', '2026-10-26']);
  });

  it.each<[string, unknown, string]>([
    ['a negative number', form(-1), 'calls'],
    ['a fraction', { ...form(1), meetings: 0.5 }, 'meetings'],
    ['text for a number', { ...form(1), sales: 'many' }, 'sales'],
    ['a missing number', { calls: 1, meetings: 1, sales: 1 }, 'points'],
    ['notes that are too long', { ...form(1), good: 'x'.repeat(4001) }, 'good'],
  ])('refuses %s and writes nothing', async (_label, body, field) => {
    const rep = await t.createMember();
    const response = await save(rep, body);
    expect(response.status).toBe(400);
    const error = (await response.json()) as ErrorBody;
    expect(error.error.code).toBe('invalid_input');
    expect(error.error.details?.[field]).toBeTruthy();
    expect(await wrapupRows(rep.companyId)).toEqual([]);
  });

  it("is personal: a colleague's and another company's wrap-ups are never shown", async () => {
    const rep = await t.createMember();
    const colleague = await t.createMember({ companyId: rep.companyId });
    const other = await t.createMember();
    at('2026-11-20T15:00:00Z');
    await saveOk(colleague, form(9));
    await saveOk(other, form(7));
    at('2026-11-21T15:00:00Z');
    expect((await today(rep)).saved).toBeNull();
    expect((await history(rep)).history).toEqual([]);
    expect((await history(colleague)).history.map((w) => w.calls)).toEqual([9]);
  });

  it('a save notifies the company on commit', async () => {
    const rep = await t.createMember();
    const received: LiveChange[] = [];
    // Only this table's changes: the new member's own profile INSERT may still be on its way (PostgreSQL
    // delivers notifications asynchronously), and it is not what this test is about.
    const unsubscribe = t.deps.realtime.subscribe(rep.companyId, (change) => {
      if (change.table === 'wrapups') received.push(change);
    });
    try {
      const saved = await saveOk(rep, form(3));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toEqual([{ table: 'wrapups', op: 'INSERT', id: saved.wrapup.id, userId: rep.id }]);
    } finally {
      unsubscribe();
    }
  });

  it('needs a member', async () => {
    expect((await t.request('/api/v1/wrapups/today')).status).toBe(401);
    expect((await t.request('/api/v1/wrapups/today', { method: 'PUT', json: form(1) })).status).toBe(401);
    expect((await t.request('/api/v1/wrapups/history')).status).toBe(401);
  });
});

describe('history', () => {
  it('shows the last 10 previous wrap-ups newest first, and the last 7 days summed and averaged', async () => {
    const rep = await t.createMember();
    // Wrap-ups on 1..14 November except the 10th; "today" is the 14th.
    for (let day = 1; day <= 14; day++) {
      if (day === 10) continue;
      at(`2026-11-${String(day).padStart(2, '0')}T15:00:00Z`);
      await saveOk(rep, { calls: day, meetings: day % 3, sales: day % 2, points: day * 2, good: `day ${day}`, improve: null });
    }
    const result = await history(rep);
    expect(result.history.map((w) => w.date)).toEqual([
      '2026-11-13',
      '2026-11-12',
      '2026-11-11',
      '2026-11-09',
      '2026-11-08',
      '2026-11-07',
      '2026-11-06',
      '2026-11-05',
      '2026-11-04',
      '2026-11-03',
    ]);
    expect(result.history[0]).toMatchObject({ calls: 13, good: 'day 13' });
    // Last 7 days: 8..14 November, six of them with a wrap-up (8, 9, 11, 12, 13, 14).
    const days = [8, 9, 11, 12, 13, 14];
    const sum = (f: (d: number) => number) => days.reduce((s, d) => s + f(d), 0);
    expect(result.last7Days).toEqual({
      from: '2026-11-08',
      to: '2026-11-14',
      days: 6,
      totals: { calls: sum((d) => d), meetings: sum((d) => d % 3), sales: sum((d) => d % 2), points: sum((d) => d * 2) },
      averages: {
        calls: Math.round((sum((d) => d) / 6) * 10) / 10, // 67 / 6 = 11.2
        meetings: Math.round((sum((d) => d % 3) / 6) * 10) / 10,
        sales: Math.round((sum((d) => d % 2) / 6) * 10) / 10,
        points: Math.round((sum((d) => d * 2) / 6) * 10) / 10,
      },
    });
    expect(result.last7Days.averages.calls).toBe(11.2);
  });

  it('is empty with zero averages when nothing was saved', async () => {
    const rep = await t.createMember();
    at('2026-11-20T15:00:00Z');
    expect(await history(rep)).toEqual({
      history: [],
      last7Days: {
        from: '2026-11-14',
        to: '2026-11-20',
        days: 0,
        totals: { calls: 0, meetings: 0, sales: 0, points: 0 },
        averages: { calls: 0, meetings: 0, sales: 0, points: 0 },
      },
    });
  });
});
