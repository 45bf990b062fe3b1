import type { Leaderboard, PersonOverview } from '@core/contracts';
import type { ActivityInput } from '@core/kpi';
import type { MinorUnits } from '@core/money';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedActivity } from '../../seed/activities';
import { seedWrapup } from '../../seed/wrapups';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * A page per rep: who may open it (the person, their team's lead, admins; a colleague is refused,
 * another company finds nothing), and that its numbers are the boards' numbers, bucketed into
 * ISO weeks of the company's local days across a year's end and a daylight-saving change.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;
type ErrorBody = { error: { code: string; message: string } };

const TZ = 'Europe/Oslo';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.setNow(() => new Date()));
afterAll(() => t.close());

const at = (iso: string) => t.setNow(() => new Date(iso));

async function overview(as: Member, of: Member, query = ''): Promise<PersonOverview> {
  const response = await t.request(`/api/v1/people/${of.id}/overview${query}`, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PersonOverview;
}

const CALL_BOOKED: ActivityInput = { type: 'call_answered', outcome: 'meeting_booked' };
const CALL_ANSWERED: ActivityInput = { type: 'call_answered', outcome: 'no_progress' };
const CALL_UNANSWERED: ActivityInput = { type: 'call_unanswered' };
const MEETING: ActivityInput = { type: 'meeting' };
const sale = (minor: number): ActivityInput => ({ type: 'sale', ticketSize: minor as MinorUnits });

async function log(member: Member, iso: string, input: ActivityInput, notes?: string) {
  return seedActivity(t.db, { companyId: member.companyId, userId: member.id, at: new Date(iso), timezone: TZ, notes, ...input });
}

async function company() {
  const admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  const rep = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
  const colleague = await t.createMember({ companyId: admin.companyId, name: 'Cole Colleague' });
  const lead = await t.createMember({ companyId: admin.companyId, name: 'Lena Lead' });
  const team = await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Oslo' } });
  const teamId = ((await team.json()) as { id: string }).id;
  await t.request(`/api/v1/team/members/${rep.id}/team`, { method: 'PUT', as: admin, json: { teamId } });
  await t.request(`/api/v1/teams/${teamId}/leads`, { method: 'PUT', as: admin, json: { userIds: [lead.id] } });
  return { admin, rep, colleague, lead, teamId };
}

describe('who may open a person’s page', () => {
  it('the person, an admin and the lead of their team; a colleague gets 403; another company and a removed member 404', async () => {
    const { admin, rep, colleague, lead, teamId } = await company();
    const mine = await overview(rep, rep);
    expect(mine.person).toMatchObject({
      userId: rep.id,
      displayName: 'Rita Rep',
      role: 'user',
      isSelf: true,
      team: { id: teamId, name: 'Oslo' },
    });
    expect((await overview(admin, rep)).person.isSelf).toBe(false);
    expect((await overview(lead, rep)).person.userId).toBe(rep.id);

    // The lead of Oslo manages Oslo's people only; the colleague manages nobody but themselves.
    for (const [as, of] of [
      [colleague, rep],
      [lead, colleague],
      [rep, admin],
    ] as const) {
      const refused = await t.request(`/api/v1/people/${of.id}/overview`, { as });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as ErrorBody).error.code).toBe('forbidden');
    }
    expect((await overview(colleague, colleague)).person.isSelf).toBe(true);

    const stranger = await t.createMember({ role: 'admin' });
    expect((await t.request(`/api/v1/people/${rep.id}/overview`, { as: stranger })).status).toBe(404);
    expect((await t.request(`/api/v1/people/${stranger.id}/overview`, { as: admin })).status).toBe(404);
    expect((await t.request('/api/v1/people/nobody-at-all/overview', { as: admin })).status).toBe(404);
    expect((await t.request(`/api/v1/people/${rep.id}/overview`)).status).toBe(401);
    expect((await t.request(`/api/v1/people/${rep.id}/overview?funnel=year`, { as: admin })).status).toBe(400);

    expect((await t.request(`/api/v1/team/members/${colleague.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    expect((await t.request(`/api/v1/people/${colleague.id}/overview`, { as: admin })).status).toBe(404);
  });
});

describe('a person’s numbers', () => {
  it('are the boards’ numbers for today, this week and this month', async () => {
    const { admin, rep } = await company();
    at('2026-11-25T12:00:00Z'); // Wednesday of week 48
    for (const [iso, input] of [
      ['2026-11-02T09:00:00Z', CALL_BOOKED], // earlier this month
      ['2026-11-02T09:05:00Z', sale(1_250_00)],
      ['2026-11-23T08:00:00Z', CALL_ANSWERED], // this week
      ['2026-11-23T08:10:00Z', MEETING],
      ['2026-11-25T08:00:00Z', CALL_UNANSWERED], // today
      ['2026-11-25T08:05:00Z', CALL_BOOKED],
      ['2026-11-25T09:00:00Z', sale(499_00)],
      ['2026-10-31T22:30:00Z', CALL_ANSWERED], // 23:30 on 31 October in Oslo: last month
    ] as const) {
      await log(rep, iso, input);
    }
    const page = await overview(admin, rep);
    expect(page.today).toBe('2026-11-25');
    for (const [period, key] of [
      ['today', 'day'],
      ['week', 'week'],
      ['month', 'month'],
    ] as const) {
      const board = await t.request(`/api/v1/scoreboard/leaderboard?period=${period}`, { as: admin });
      const row = ((await board.json()) as Leaderboard).rows.find((r) => r.userId === rep.id)!;
      const totals = page.periods[key].totals;
      expect(
        {
          calls: totals.calls,
          answered: totals.answered,
          meetings: totals.meetings_booked,
          sales: totals.sales,
          revenue: totals.sales_value,
          points: totals.points,
        },
        period,
      ).toEqual({
        calls: row.calls,
        answered: row.answered,
        meetings: row.meetings,
        sales: row.sales,
        revenue: row.revenue,
        points: row.points,
      });
    }
    expect(page.periods.day.totals).toMatchObject({ calls: 2, answered: 1, meetings_booked: 1, sales: 1, sales_value: 499_00 });
    expect(page.periods.week.totals).toMatchObject({ calls: 3, meetings_held: 1, sales: 1 });
    expect(page.periods.month.totals).toMatchObject({
      calls: 4,
      answered: 3,
      meetings_booked: 2,
      meetings_held: 1,
      sales: 2,
      sales_value: 1_749_00,
    });
    expect(page.periods.month).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });

    // The funnel of this month (the default), of this week, and of the 12 weeks.
    expect(page.funnel.stages.map((s) => [s.step, s.count, s.rate])).toEqual([
      ['calls', 4, null],
      ['answered', 3, 75],
      ['meetings_booked', 2, 67],
      ['meetings_held', 1, 50],
      ['sales', 2, 200],
    ]);
    expect(page.funnel.overall).toBe(50);
    const weekFunnel = (await overview(admin, rep, '?funnel=week')).funnel;
    expect(weekFunnel).toMatchObject({ period: 'week', from: '2026-11-23', to: '2026-11-29' });
    expect(weekFunnel.stages.map((s) => s.count)).toEqual([3, 2, 1, 1, 1]);
    expect((await overview(admin, rep, '?funnel=weeks12')).funnel.stages[0]!.count).toBe(5);

    // A week's bucket is the sum of its days, and the 12 buckets add up to every call logged in them.
    expect(page.weeks.at(-1)).toMatchObject({ from: '2026-11-23', to: '2026-11-29', isoWeek: 48, totals: { calls: 3 } });
    expect(page.weeks.reduce((sum, w) => sum + w.totals.calls, 0)).toBe(5);
  });

  it('shows a target in force with its progress and pace, the newest 20 activities and 10 wrap-ups', async () => {
    const { admin, rep, colleague } = await company();
    at('2026-11-23T08:00:00Z');
    const target = await t.request('/api/v1/targets', {
      method: 'POST',
      as: admin,
      json: { userId: rep.id, metric: 'calls', period: 'week', value: 10, effectiveFrom: '2026-11-23' },
    });
    expect(target.status).toBe(201);
    for (let i = 0; i < 22; i++)
      await log(rep, `2026-11-2${i < 11 ? 3 : 4}T${String(7 + (i % 11)).padStart(2, '0')}:00:00Z`, CALL_UNANSWERED, `call ${i}`);
    await log(colleague, '2026-11-24T09:30:00Z', CALL_BOOKED, 'not Rita’s');
    for (let d = 1; d <= 12; d++) {
      await seedWrapup(t.db, {
        companyId: rep.companyId,
        userId: rep.id,
        date: `2026-11-${String(d).padStart(2, '0')}`,
        calls: d,
        meetings: 1,
        sales: 0,
        points: 3,
      });
    }
    at('2026-11-25T12:00:00Z');
    const page = await overview(admin, rep);
    expect(page.targets).toEqual([expect.objectContaining({ metric: 'calls', period: 'week', value: 10, progress: 22, pace: 'ahead' })]);
    expect(page.activities).toHaveLength(20);
    expect(page.activities.every((a) => a.userId === rep.id)).toBe(true);
    expect(page.activities[0]!.notes).toBe('call 21');
    expect(page.wrapups.map((w) => w.date)).toEqual(Array.from({ length: 10 }, (_, i) => `2026-11-${String(12 - i).padStart(2, '0')}`));
    expect(page.wrapups[0]).toMatchObject({ calls: 12, meetings: 1, sales: 0, points: 3 });
  });

  it('a new rep with nothing logged gets zeros everywhere: 12 weeks, the periods and the funnel', async () => {
    const { admin, rep } = await company();
    const page = await overview(admin, rep);
    expect(page.weeks).toHaveLength(12);
    expect(page.weeks.every((w) => Object.values(w.totals).every((v) => v === 0))).toBe(true);
    expect(page.funnel.stages.map((s) => s.count)).toEqual([0, 0, 0, 0, 0]);
    expect(page.funnel.overall).toBeNull();
    expect(page).toMatchObject({ targets: [], activities: [], wrapups: [] });
  });
});

describe('the 12 weeks', () => {
  it('are ISO weeks of Oslo days, across the end of daylight saving time and the turn of the year', async () => {
    const { admin, rep } = await company();
    await log(rep, '2026-10-19T05:00:00Z', CALL_ANSWERED); // Monday 19 October, first day of the first week
    await log(rep, '2026-10-25T22:30:00Z', CALL_ANSWERED); // 23:30 Sunday 25 October (CET, after the change): week 43
    await log(rep, '2026-10-25T23:30:00Z', CALL_ANSWERED); // 00:30 Monday 26 October: week 44
    await log(rep, '2026-10-25T23:30:01Z', CALL_UNANSWERED);
    await log(rep, '2026-12-31T22:59:00Z', CALL_ANSWERED); // 23:59 New Year's Eve: 2026-W53
    await log(rep, '2027-01-03T23:00:00Z', CALL_ANSWERED); // 00:00 Monday 4 January: 2027-W01
    await log(rep, '2026-10-18T21:59:00Z', CALL_ANSWERED); // 23:59 Sunday 18 October (CEST): before the window
    at('2027-01-06T12:00:00Z');
    const weeks = (await overview(admin, rep)).weeks;
    expect(weeks.map((w) => `${w.isoYear}-W${w.isoWeek}`)).toEqual([
      '2026-W43',
      '2026-W44',
      '2026-W45',
      '2026-W46',
      '2026-W47',
      '2026-W48',
      '2026-W49',
      '2026-W50',
      '2026-W51',
      '2026-W52',
      '2026-W53',
      '2027-W1',
    ]);
    expect(weeks[0]).toMatchObject({ from: '2026-10-19', to: '2026-10-25' });
    expect(weeks.map((w) => w.totals.calls)).toEqual([2, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
    expect(weeks.map((w) => w.totals.answered)).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
  });
});
