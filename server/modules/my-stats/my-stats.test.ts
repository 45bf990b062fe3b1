import type { MyTodayStats } from '@core/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.setNow(() => new Date()));
afterAll(() => t.close());

async function stats(member: Member): Promise<MyTodayStats> {
  const response = await t.request('/api/v1/stats/me/today', { as: member });
  expect(response.status).toBe(200);
  return (await response.json()) as MyTodayStats;
}

async function log(member: Member, json: unknown): Promise<{ id: string }> {
  const response = await t.request('/api/v1/activities', { method: 'POST', as: member, json });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

const answered = (outcome: string) => ({ kind: 'call', answered: true, outcome });

describe("today's personal stats", () => {
  it('are zeros with no activity and no goals', async () => {
    const rep = await t.createMember();
    t.setNow(() => new Date('2026-11-20T11:00:00Z'));
    expect(await stats(rep)).toEqual({
      date: '2026-11-20',
      calls: 0,
      answered: 0,
      unanswered: 0,
      meetingsBooked: 0,
      meetingsCompleted: 0,
      movedForward: 0,
      sales: 0,
      revenue: 0,
      points: 0,
      conversion: 0,
      hitRate: 0,
      goals: { dailyCalls: 0, dailyMeetings: 0, dailySales: 0, types: {}, updatedAt: null },
      progress: { calls: 0, meetings: 0, sales: 0 },
      typeCounts: {},
    });
  });

  it("count today's activities, convert answered calls to meetings, and show progress toward the goals", async () => {
    const rep = await t.createMember();
    t.setNow(() => new Date('2026-11-19T15:00:00Z'));
    await log(rep, answered('meeting_booked')); // yesterday: not counted
    t.setNow(() => new Date('2026-11-20T11:00:00Z'));
    await t.request('/api/v1/goals/me', { method: 'PUT', as: rep, json: { dailyCalls: 8, dailyMeetings: 1, dailySales: 0 } });
    await log(rep, answered('meeting_booked'));
    await log(rep, answered('meeting_booked'));
    await log(rep, answered('moved_forward'));
    await log(rep, answered('no_progress'));
    await log(rep, answered('no_progress'));
    await log(rep, answered('no_progress'));
    await log(rep, { kind: 'call', answered: false });
    await log(rep, { kind: 'call', answered: false });
    await log(rep, { kind: 'call', answered: false });
    await log(rep, { kind: 'meeting' });
    await log(rep, { kind: 'sale', ticketSize: 1_250_000 });
    const undo = await log(rep, { kind: 'sale', ticketSize: 99 });
    expect((await t.request(`/api/v1/activities/${undo.id}`, { method: 'DELETE', as: rep })).status).toBe(200);

    const today = await stats(rep);
    expect(today).toMatchObject({
      date: '2026-11-20',
      calls: 9,
      answered: 6,
      unanswered: 3,
      meetingsBooked: 2,
      meetingsCompleted: 1,
      movedForward: 1,
      sales: 1,
      revenue: 1_250_000,
      points: 5 + 5 + 1 + 3 + 10,
      // One meaning per name (decision 074): conversion per call, as on the boards; hit rate per answered call.
      conversion: 22, // 2 of 9 calls
      hitRate: 33, // 2 of 6 answered calls
      goals: { dailyCalls: 8, dailyMeetings: 1, dailySales: 0 },
      progress: { calls: 100, meetings: 100, sales: 0 }, // capped at 100; 0 when the goal is 0
    });
  });

  it("are the caller's own and never another company's", async () => {
    const rep = await t.createMember();
    const colleague = await t.createMember({ companyId: rep.companyId });
    const other = await t.createMember();
    await log(colleague, answered('meeting_booked'));
    await log(other, answered('meeting_booked'));
    expect((await stats(rep)).calls).toBe(0);
    expect((await stats(colleague)).meetingsBooked).toBe(1);
  });

  it('follow the company-local day: the day after, they start from zero', async () => {
    const rep = await t.createMember();
    t.setNow(() => new Date('2026-03-28T22:59:00Z')); // 23:59 in Oslo, the night before spring-forward
    await log(rep, { kind: 'call', answered: false });
    expect((await stats(rep)).calls).toBe(1);
    t.setNow(() => new Date('2026-03-28T23:00:00Z')); // 00:00, 29 March
    expect(await stats(rep)).toMatchObject({ date: '2026-03-29', calls: 0 });
  });

  it('need a member', async () => {
    expect((await t.request('/api/v1/stats/me/today')).status).toBe(401);
  });
});
