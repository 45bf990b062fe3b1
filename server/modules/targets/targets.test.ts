import type { Calendar, MyTargets, PeopleTargets, Target, TargetList } from '@core/contracts';
import type { ActivityInput } from '@core/kpi';
import type { MinorUnits } from '@core/money';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedActivity } from '../../seed/activities';
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

async function setTarget(admin: Member, input: Record<string, unknown>): Promise<Target> {
  const response = await t.request('/api/v1/targets', { method: 'POST', as: admin, json: input });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Target;
}

async function myTargets(rep: Member, on?: string): Promise<MyTargets> {
  const response = await t.request(`/api/v1/targets/me${on ? `?on=${on}` : ''}`, { as: rep });
  expect(response.status).toBe(200);
  return (await response.json()) as MyTargets;
}

async function listTargets(admin: Member, userId?: string): Promise<TargetList> {
  const response = await t.request(`/api/v1/targets${userId ? `?userId=${userId}` : ''}`, { as: admin });
  expect(response.status).toBe(200);
  return (await response.json()) as TargetList;
}

async function logCalls(rep: Member, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'call', answered: false } });
    expect(response.status).toBe(201);
  }
}

async function team(): Promise<{ admin: Member; rep: Member }> {
  const admin = await t.createMember({ role: 'admin' });
  const rep = await t.createMember({ companyId: admin.companyId });
  return { admin, rep };
}

describe('who may manage targets', () => {
  it('admins set, list and end them; a rep is refused every one, and sees only their own progress', async () => {
    const { admin, rep } = await team();
    at('2026-11-23T09:00:00Z');
    const target = await setTarget(admin, { userId: rep.id, metric: 'calls', period: 'week', value: 50, effectiveFrom: '2026-11-23' });
    for (const [path, method, json] of [
      ['/api/v1/targets', 'GET', undefined],
      ['/api/v1/targets', 'POST', { userId: rep.id, metric: 'calls', period: 'week', value: 99, effectiveFrom: '2026-11-23' }],
      [`/api/v1/targets/${target.id}/end`, 'POST', undefined],
    ] as const) {
      const response = await t.request(path, { method, as: rep, json });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(((await response.json()) as ErrorBody).error.code).toBe('forbidden');
    }
    expect((await t.request('/api/v1/targets/me')).status).toBe(401);
    expect((await myTargets(rep)).targets.map((x) => x.value)).toEqual([50]);
    expect((await myTargets(admin)).targets).toEqual([]);
  });

  it('refuses bad input with field messages, and a past start date', async () => {
    const { admin, rep } = await team();
    at('2026-11-25T09:00:00Z');
    const post = (json: unknown) => t.request('/api/v1/targets', { method: 'POST', as: admin, json });
    for (const [json, field] of [
      [{ userId: rep.id, metric: 'hugs', period: 'week', value: 5, effectiveFrom: '2026-11-25' }, 'metric'],
      [{ userId: rep.id, metric: 'calls', period: 'year', value: 5, effectiveFrom: '2026-11-25' }, 'period'],
      [{ userId: rep.id, metric: 'calls', period: 'week', value: 0, effectiveFrom: '2026-11-25' }, 'value'],
      [{ userId: rep.id, metric: 'calls', period: 'week', value: 2.5, effectiveFrom: '2026-11-25' }, 'value'],
      [{ userId: rep.id, metric: 'calls', period: 'week', value: 5, effectiveFrom: '2026-02-30' }, 'effectiveFrom'],
      [{ userId: rep.id, metric: 'calls', period: 'week', value: 5, effectiveFrom: '2026-11-24' }, 'effectiveFrom'],
    ] as const) {
      const response = await post(json);
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.details?.[field]).toBeTruthy();
    }
    expect((await t.request('/api/v1/targets/me?on=yesterday', { as: rep })).status).toBe(400);
    expect((await t.request('/api/v1/targets/not-a-uuid/end', { method: 'POST', as: admin })).status).toBe(400);
  });
});

describe('effective dating', () => {
  it('a new target takes over from its date, and a past period keeps the target it had', async () => {
    const { admin, rep } = await team();
    at('2026-11-02T08:00:00Z'); // Monday, week 45
    const first = await setTarget(admin, { userId: rep.id, metric: 'calls', period: 'week', value: 50, effectiveFrom: '2026-11-02' });
    at('2026-11-18T08:00:00Z'); // Wednesday, week 47
    const second = await setTarget(admin, { userId: rep.id, metric: 'calls', period: 'week', value: 80, effectiveFrom: '2026-11-18' });
    const later = await setTarget(admin, { userId: rep.id, metric: 'calls', period: 'week', value: 100, effectiveFrom: '2026-11-30' });

    expect((await myTargets(rep, '2026-11-04')).targets.map((x) => [x.from, x.value])).toEqual([['2026-11-02', 50]]);
    expect((await myTargets(rep, '2026-11-10')).targets.map((x) => [x.from, x.value])).toEqual([['2026-11-09', 50]]);
    // The week the new target starts in is measured by it (today is in it).
    expect((await myTargets(rep)).targets.map((x) => [x.from, x.value])).toEqual([['2026-11-16', 80]]);
    // A week ahead: as things stand today.
    expect((await myTargets(rep, '2026-12-02')).targets.map((x) => x.value)).toEqual([80]);

    const statuses = Object.fromEntries((await listTargets(admin, rep.id)).targets.map((x) => [x.id, x.status]));
    expect(statuses).toEqual({ [first.id]: 'ended', [second.id]: 'active', [later.id]: 'upcoming' });

    at('2026-12-01T08:00:00Z');
    expect((await myTargets(rep)).targets.map((x) => x.value)).toEqual([100]);
    expect((await myTargets(rep, '2026-11-18')).targets.map((x) => x.value)).toEqual([80]);
    expect((await myTargets(rep, '2026-11-04')).targets.map((x) => x.value)).toEqual([50]);
  });

  it('paces a target set during its period from the day it was set: the work before counts, the expectation starts with it', async () => {
    const { admin, rep } = await team();
    at('2026-12-07T06:00:00Z'); // Monday 7 December, 07:00 in Oslo: the month's first four working days are over
    await setTarget(admin, { userId: rep.id, metric: 'calls', period: 'month', value: 100, effectiveFrom: '2026-12-07' });
    at('2026-12-07T11:00:00Z'); // 12:00 in Oslo: half of the target's first working day gone
    await logCalls(rep, 3);
    const month = (await myTargets(rep)).targets.find((x) => x.period === 'month')!;
    // 18 working days from the 7th (Christmas Day a holiday; Christmas Eve and New Year's Eve are bank days):
    // 100 x 0.5 / 18 expected, so 3 calls are on track. Paced from the 1st it asked for 100 x 4.5 / 22 (20) and said behind.
    expect(month).toMatchObject({ progress: 3, pace: 'on-track', workingDays: 18, workingDaysGone: 0.5 });
    expect(month.expected).toBeCloseTo((100 * 0.5) / 18, 5);
  });

  it('setting a target again on the same date replaces it; ending keeps the past and stops it from today', async () => {
    const { admin, rep } = await team();
    at('2026-10-05T08:00:00Z');
    await setTarget(admin, { userId: rep.id, metric: 'points', period: 'month', value: 400, effectiveFrom: '2026-10-05' });
    const replaced = await setTarget(admin, { userId: rep.id, metric: 'points', period: 'month', value: 500, effectiveFrom: '2026-10-05' });
    expect((await listTargets(admin, rep.id)).targets).toHaveLength(1);
    expect((await myTargets(rep)).targets.map((x) => x.value)).toEqual([500]);

    at('2026-11-10T08:00:00Z');
    const ended = await t.request(`/api/v1/targets/${replaced.id}/end`, { method: 'POST', as: admin });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ id: replaced.id, endsOn: '2026-11-10', status: 'ended' });
    expect((await myTargets(rep)).targets).toEqual([]);
    expect((await myTargets(rep, '2026-10-15')).targets.map((x) => x.value)).toEqual([500]);

    // A target that has not started is removed by ending it.
    const upcoming = await setTarget(admin, { userId: rep.id, metric: 'sales', period: 'day', value: 2, effectiveFrom: '2026-12-01' });
    expect((await t.request(`/api/v1/targets/${upcoming.id}/end`, { method: 'POST', as: admin })).status).toBe(200);
    expect((await listTargets(admin, rep.id)).targets.map((x) => x.id)).toEqual([replaced.id]);
  });
});

describe('progress', () => {
  it("equals the boards' numbers for the day, week and month, per metric", async () => {
    const { admin, rep } = await team();
    at('2026-11-02T07:00:00Z');
    for (const metric of ['calls', 'meetings_booked', 'meetings_held', 'sales', 'sales_value', 'points']) {
      for (const period of ['day', 'week', 'month']) {
        await setTarget(admin, { userId: rep.id, metric, period, value: 10_000, effectiveFrom: '2026-11-02' });
      }
    }
    const log = (iso: string, input: ActivityInput) =>
      seedActivity(t.db, { companyId: rep.companyId, userId: rep.id, at: new Date(iso), timezone: 'Europe/Oslo', ...input });
    // Around the week's and the month's edges in Oslo time: Sunday 1 Nov 23:30 local is 22:30Z.
    await log('2026-11-01T22:30:00Z', { type: 'call_answered', outcome: 'meeting_booked' });
    await log('2026-10-31T22:59:00Z', { type: 'call_unanswered' }); // 31 Oct local: outside November
    await log('2026-11-16T09:00:00Z', { type: 'call_answered', outcome: 'meeting_booked' });
    await log('2026-11-17T09:00:00Z', { type: 'meeting' });
    await log('2026-11-18T09:00:00Z', { type: 'sale', ticketSize: 1_250_00 as MinorUnits });
    await log('2026-11-18T10:00:00Z', { type: 'call_unanswered' });
    await log('2026-11-18T11:00:00Z', { type: 'sale', ticketSize: 99_00 as MinorUnits });

    at('2026-11-18T12:00:00Z');
    const mine = await myTargets(rep);
    const byKey = (metric: string, period: string) => mine.targets.find((x) => x.metric === metric && x.period === period)!.progress;
    for (const [period, boardPeriod] of [
      ['day', 'today'],
      ['week', 'week'],
      ['month', 'month'],
    ] as const) {
      const response = await t.request(`/api/v1/scoreboard/leaderboard?period=${boardPeriod}`, { as: rep });
      const board = (await response.json()) as {
        rows: { userId: string; calls: number; meetings: number; sales: number; revenue: number; points: number }[];
      };
      const row = board.rows.find((r) => r.userId === rep.id)!;
      expect(byKey('calls', period), `${period} calls`).toBe(row.calls);
      expect(byKey('meetings_booked', period), `${period} meetings`).toBe(row.meetings);
      expect(byKey('sales', period), `${period} sales`).toBe(row.sales);
      expect(byKey('sales_value', period), `${period} revenue`).toBe(row.revenue);
      expect(byKey('points', period), `${period} points`).toBe(row.points);
    }
    expect(byKey('calls', 'month')).toBe(3);
    expect(byKey('calls', 'week')).toBe(2);
    expect(byKey('meetings_held', 'week')).toBe(1);
    expect(byKey('sales_value', 'day')).toBe(1_349_00);
  });
});

describe('pacing across a holiday week', () => {
  it('counts only the working days of Easter week, and the company’s own days off', async () => {
    const { admin, rep } = await team();
    at('2026-03-30T06:00:00Z'); // Monday of Easter week, 08:00 in Oslo (summer time)
    await setTarget(admin, { userId: rep.id, metric: 'calls', period: 'week', value: 30, effectiveFrom: '2026-03-30' });
    expect((await myTargets(rep)).targets[0]).toMatchObject({ workingDays: 3, workingDaysGone: 0, expected: 0, pace: 'on-track' });

    at('2026-03-31T14:00:00Z'); // Tuesday 16:00: two of the three working days gone
    await logCalls(rep, 17);
    const week = (await myTargets(rep)).targets[0]!;
    expect(week).toMatchObject({ from: '2026-03-30', to: '2026-04-05', workingDays: 3, workingDaysGone: 2, progress: 17, pace: 'behind' });
    expect(week.expected).toBeCloseTo(20, 10);
    await logCalls(rep, 1);
    expect((await myTargets(rep)).targets[0]).toMatchObject({ progress: 18, pace: 'on-track' });

    // Thursday to Monday are holidays: on Easter Monday the whole week is gone.
    at('2026-04-06T10:00:00Z');
    expect((await myTargets(rep, '2026-04-01')).targets[0]).toMatchObject({ workingDaysGone: 3, expected: 30, pace: 'behind' });

    // The company closes on Wednesday too: then the week was two days long and 18 of 30 is behind.
    const dayOff = await t.request('/api/v1/calendar/days-off', {
      method: 'POST',
      as: admin,
      json: { date: '2026-04-01', label: 'Påskeferie' },
    });
    expect(dayOff.status).toBe(200);
    expect((await myTargets(rep, '2026-04-01')).targets[0]).toMatchObject({ workingDays: 2, workingDaysGone: 2, pace: 'behind' });

    // A day target on a public holiday has no pace.
    at('2026-04-02T10:00:00Z');
    await setTarget(admin, { userId: rep.id, metric: 'calls', period: 'day', value: 10, effectiveFrom: '2026-04-02' });
    expect((await myTargets(rep)).targets.find((x) => x.period === 'day')).toMatchObject({ workingDays: 0, pace: 'no-working-days' });
  });
});

describe('the company calendar', () => {
  it("is Norway's by default; admins choose the country and add and remove days off; reps only read", async () => {
    const { admin, rep } = await team();
    at('2026-11-24T09:00:00Z');
    const read = async (member: Member, language = 'en') => {
      const response = await t.request(`/api/v1/calendar?language=${language}`, { as: member });
      expect(response.status).toBe(200);
      return (await response.json()) as Calendar;
    };
    const calendar = await read(rep);
    expect(calendar.country).toBe('NO');
    expect(calendar.daysOff).toEqual([]);
    expect(calendar.holidays[0]).toEqual({ date: '2026-12-25', name: 'Christmas Day' });
    expect((await read(rep, 'nb')).holidays.find((h) => h.date === '2027-05-17')?.name).toBe('Grunnlovsdagen');
    // A company in Copenhagen keeps Denmark's until an admin chooses: Labour Day is Norway's, not Denmark's.
    const dane = await t.createMember({ role: 'admin' });
    const moved = await t.request('/api/v1/company', { method: 'PATCH', as: dane, json: { timezone: 'Europe/Copenhagen' } });
    expect(moved.status).toBe(200);
    const danish = await read(dane);
    expect(danish.country).toBe('DK');
    expect(danish.holidays.map((h) => h.date)).toContain('2027-05-06'); // Ascension Day
    expect(danish.holidays.map((h) => h.date)).not.toContain('2027-05-01');

    expect((await t.request('/api/v1/calendar', { method: 'PUT', as: rep, json: { country: 'SE' } })).status).toBe(403);
    expect(
      (await t.request('/api/v1/calendar/days-off', { method: 'POST', as: rep, json: { date: '2026-12-24', label: 'x' } })).status,
    ).toBe(403);
    expect((await t.request('/api/v1/calendar', { method: 'PUT', as: admin, json: { country: 'XX' } })).status).toBe(400);
    expect(
      (await t.request('/api/v1/calendar/days-off', { method: 'POST', as: admin, json: { date: '2026-12-24', label: ' ' } })).status,
    ).toBe(400);

    const swedish = await t.request('/api/v1/calendar', { method: 'PUT', as: admin, json: { country: 'SE' } });
    expect(((await swedish.json()) as Calendar).country).toBe('SE');
    await t.request('/api/v1/calendar/days-off', { method: 'POST', as: admin, json: { date: '2026-12-31', label: 'Nyttårsaften' } });
    await t.request('/api/v1/calendar/days-off', { method: 'POST', as: admin, json: { date: '2026-12-24', label: 'Julaften' } });
    expect((await read(rep)).daysOff).toEqual([
      { date: '2026-12-24', label: 'Julaften' },
      { date: '2026-12-31', label: 'Nyttårsaften' },
    ]);
    expect((await t.request('/api/v1/calendar/days-off/2026-12-31', { method: 'DELETE', as: admin })).status).toBe(200);
    expect((await t.request('/api/v1/calendar/days-off/2026-12-31', { method: 'DELETE', as: admin })).status).toBe(404);
    expect((await read(rep)).daysOff.map((d) => d.date)).toEqual(['2026-12-24']);
  });
});

describe('isolation', () => {
  it("another company's admin can neither see, set nor end these targets, nor change this calendar", async () => {
    const { admin, rep } = await team();
    const stranger = await t.createMember({ role: 'admin' });
    at('2026-11-23T09:00:00Z');
    const target = await setTarget(admin, { userId: rep.id, metric: 'calls', period: 'week', value: 50, effectiveFrom: '2026-11-23' });
    await t.request('/api/v1/calendar/days-off', { method: 'POST', as: admin, json: { date: '2026-12-24', label: 'Julaften' } });

    expect((await listTargets(stranger)).targets).toEqual([]);
    expect((await t.request(`/api/v1/targets?userId=${rep.id}`, { as: stranger })).status).toBe(404);
    const planted = await t.request('/api/v1/targets', {
      method: 'POST',
      as: stranger,
      json: { userId: rep.id, metric: 'calls', period: 'week', value: 1, effectiveFrom: '2026-11-23' },
    });
    expect(planted.status).toBe(404);
    expect((await t.request(`/api/v1/targets/${target.id}/end`, { method: 'POST', as: stranger })).status).toBe(404);
    expect((await t.request('/api/v1/calendar/days-off/2026-12-24', { method: 'DELETE', as: stranger })).status).toBe(404);
    expect((await myTargets(rep)).targets.map((x) => x.value)).toEqual([50]);
    const calendar = (await (await t.request('/api/v1/calendar', { as: admin })).json()) as Calendar;
    expect(calendar.daysOff).toEqual([{ date: '2026-12-24', label: 'Julaften' }]);
  });
});

describe('a KPI’s target (decision 104)', () => {
  /** A Door knock type with a Signed outcome and a money field, and KPIs over it. */
  async function doorKpis(admin: Member) {
    const post = async <T>(path: string, json: unknown) => {
      const response = await t.request(path, { method: 'POST', as: admin, json });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as T;
    };
    const knock = await post<{ id: string; outcomes: { id: string; names: { en?: string } }[]; fields: { id: string }[] }>(
      '/api/v1/activity-types',
      {
        names: { en: 'Door knock', nb: 'Dørbank' },
        icon: 'phone',
        colour: 'amber',
        points: 1,
        outcomes: [
          { names: { en: 'Signed' }, points: 10 },
          { names: { en: 'Not home' }, points: 0 },
        ],
        fields: [{ names: { en: 'Contract value' }, kind: 'money' }],
        bonus: null,
      },
    );
    const signed = knock.outcomes.find((o) => o.names.en === 'Signed')!.id;
    const notHome = knock.outcomes.find((o) => o.names.en === 'Not home')!.id;
    const kpi = (names: Record<string, string>, formula: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      post<{ id: string }>('/api/v1/kpis', { names, formula, format: 'number', ...extra });
    const contracts = await kpi(
      { en: 'Contracts', nb: 'Kontrakter' },
      { kind: 'aggregate', aggregate: 'count', typeIds: [knock.id], outcomeIds: [signed] },
    );
    const value = await kpi(
      { en: 'Contract value' },
      { kind: 'aggregate', aggregate: 'sum', of: knock.fields[0]!.id, typeIds: [knock.id] },
      { format: 'money' },
    );
    const knocks = await kpi({ en: 'Knocks' }, { kind: 'aggregate', aggregate: 'count', typeIds: [knock.id] });
    const rate = await kpi({ en: 'Sign rate' }, { kind: 'ratio', left: contracts.id, right: knocks.id }, { format: 'percent' });
    const misses = await kpi(
      { en: 'Not home' },
      { kind: 'aggregate', aggregate: 'count', typeIds: [knock.id], outcomeIds: [notHome] },
      { lowerIsBetter: true },
    );
    const log = async (as: Member, outcome: string, kroner = 0) => {
      const json = { kind: 'custom', typeId: knock.id, outcome, ...(kroner ? { fields: { [knock.fields[0]!.id]: kroner * 100 } } : {}) };
      const response = await t.request('/api/v1/activities', { method: 'POST', as, json });
      expect(response.status, await response.clone().text()).toBe(201);
    };
    return { contracts, value, rate, misses, signed, notHome, log };
  }

  it('measures a count or a sum of the company’s own types, paced like any target; a team’s counts its members together', async () => {
    const { admin, rep } = await team();
    const peer = await t.createMember({ companyId: admin.companyId });
    const oslo = (await (await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Oslo' } })).json()) as { id: string };
    for (const member of [rep, peer]) {
      expect(
        (await t.request(`/api/v1/team/members/${member.id}/team`, { method: 'PUT', as: admin, json: { teamId: oslo.id } })).status,
      ).toBe(200);
    }
    // Set on Monday 23 November 2026, the week's first working day, and measured on Wednesday (below).
    at('2026-11-23T07:00:00Z');
    const { contracts, value, signed, notHome, log } = await doorKpis(admin);
    const made = await setTarget(admin, {
      userId: rep.id,
      metric: 'kpi',
      kpiId: contracts.id,
      period: 'week',
      value: 10,
      effectiveFrom: '2026-11-23',
    });
    expect(made).toMatchObject({
      metric: 'kpi',
      kpiId: contracts.id,
      kpi: { names: { en: 'Contracts', nb: 'Kontrakter' }, format: 'number' },
    });
    await setTarget(admin, {
      teamId: oslo.id,
      metric: 'kpi',
      kpiId: value.id,
      period: 'month',
      value: 5_000_000,
      effectiveFrom: '2026-11-23',
    });
    // A built-in metric's target beside it is its own line.
    await setTarget(admin, { userId: rep.id, metric: 'calls', period: 'week', value: 50, effectiveFrom: '2026-11-23' });
    // Wednesday 25 November, 10:00 in Oslo: two and a quarter of the week's five working days gone.
    at('2026-11-25T09:00:00Z');

    await log(rep, signed, 40_000);
    await log(rep, signed, 20_000);
    await log(rep, notHome);
    await log(peer, signed, 15_000);

    const mine = await myTargets(rep);
    const week = mine.targets.find((x) => x.kpiId === contracts.id)!;
    expect(week).toMatchObject({ subjectKind: 'person', metric: 'kpi', period: 'week', value: 10, progress: 2, kpi: { id: contracts.id } });
    // 2 of 10 after two and a bit of the week's five working days: behind.
    expect(week.pace).toBe('behind');
    const month = mine.targets.find((x) => x.kpiId === value.id)!;
    // The team's contract value: the rep's and the peer's, 75 000 kr of 50 000 kr.
    expect(month).toMatchObject({ subjectKind: 'team', progress: 7_500_000, kpi: { format: 'money' } });
    expect(month.pace).toBe('ahead');
    expect(mine.targets.find((x) => x.metric === 'calls')).toMatchObject({ progress: 0, kpiId: null, kpi: null });

    // The audit log names the KPI as it was called.
    const audit = (await (await t.request('/api/v1/admin/audit-log', { as: admin })).json()) as {
      entries: { action: string; details: Record<string, unknown> }[];
    };
    expect(audit.entries.find((e) => e.action === 'target.set' && e.details.kpiId === contracts.id)?.details).toMatchObject({
      metric: 'kpi',
      kpiName: 'Contracts',
      kpiFormat: 'number',
    });
  });

  it('refuses a KPI that is not the company’s, one that does not add up, and one where lower is better; a deleted KPI reads as none', async () => {
    const { admin, rep } = await team();
    at('2026-11-25T09:00:00Z');
    const { contracts, rate, misses } = await doorKpis(admin);
    const refusal = async (json: Record<string, unknown>) => {
      const response = await t.request('/api/v1/targets', {
        method: 'POST',
        as: admin,
        json: { userId: rep.id, metric: 'kpi', period: 'week', value: 5, effectiveFrom: '2026-11-25', ...json },
      });
      expect(response.status).toBe(400);
      return ((await response.json()) as ErrorBody).error.details;
    };
    expect(await refusal({ kpiId: crypto.randomUUID() })).toEqual({ kpiId: 'That KPI no longer exists' });
    expect(await refusal({ kpiId: rate.id })).toEqual({ kpiId: 'A target needs a KPI that adds up: a count or a sum' });
    expect(await refusal({ kpiId: misses.id })).toEqual({ kpiId: 'A target is met by going up: choose a KPI where higher is better' });
    expect(await refusal({})).toEqual({ kpiId: 'Choose a KPI' });
    expect(await refusal({ metric: 'calls', kpiId: contracts.id })).toEqual({ kpiId: 'Choose a KPI' });
    expect((await listTargets(admin, rep.id)).targets).toEqual([]);

    await setTarget(admin, { userId: rep.id, metric: 'kpi', kpiId: contracts.id, period: 'week', value: 5, effectiveFrom: '2026-11-25' });
    // The ratio made of it goes first (a KPI in use is kept).
    expect((await t.request(`/api/v1/kpis/${rate.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    expect((await t.request(`/api/v1/kpis/${contracts.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    const [gone] = (await myTargets(rep)).targets;
    expect(gone).toMatchObject({ metric: 'kpi', kpiId: contracts.id, kpi: null, progress: 0 });
    expect((await listTargets(admin, rep.id)).targets[0]).toMatchObject({ kpi: null });
  });

  it('tells any member each active person’s target in force for one KPI and period: the KPI board’s “% of target”', async () => {
    const { admin, rep } = await team();
    const peer = await t.createMember({ companyId: admin.companyId });
    const leaver = await t.createMember({ companyId: admin.companyId });
    at('2026-11-25T09:00:00Z');
    const { contracts } = await doorKpis(admin);
    const set = (input: Record<string, unknown>) => setTarget(admin, { effectiveFrom: '2026-11-25', ...input });
    await set({ userId: rep.id, metric: 'kpi', kpiId: contracts.id, period: 'week', value: 10 });
    await set({ userId: peer.id, metric: 'kpi', kpiId: contracts.id, period: 'month', value: 30 });
    await set({ userId: peer.id, metric: 'calls', period: 'week', value: 50 });
    // A team's target is the team's, not a person's.
    const oslo = (await (await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Oslo' } })).json()) as { id: string };
    await set({ teamId: oslo.id, metric: 'calls', period: 'week', value: 500 });
    // One that starts next week is the managers' to see until then, whatever day is asked about.
    await set({ userId: rep.id, metric: 'calls', period: 'week', value: 80, effectiveFrom: '2026-11-30' });
    // A member who leaves takes their target off the boards.
    await set({ userId: leaver.id, metric: 'calls', period: 'week', value: 40 });
    expect((await t.request(`/api/v1/team/members/${leaver.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    const people = async (query: string, as: Member = rep) => {
      const response = await t.request(`/api/v1/targets/people?${query}`, { as });
      expect(response.status).toBe(200);
      return ((await response.json()) as PeopleTargets).targets;
    };
    expect(await people(`kpi=${contracts.id}&period=week`)).toEqual([{ userId: rep.id, value: 10 }]);
    expect(await people(`kpi=${contracts.id}&period=month`)).toEqual([{ userId: peer.id, value: 30 }]);
    // A built-in KPI reads its metric's targets, as the dashboard's "% of goal" does.
    expect(await people('kpi=calls&period=week')).toEqual([{ userId: peer.id, value: 50 }]);
    expect(await people('kpi=calls&period=week&on=2026-11-30')).toEqual([{ userId: peer.id, value: 50 }]);
    // A target set on the built-in KPI itself counts where its metric has none.
    await set({ userId: rep.id, metric: 'kpi', kpiId: 'calls', period: 'week', value: 70 });
    await set({ userId: peer.id, metric: 'kpi', kpiId: 'calls', period: 'week', value: 60 });
    expect(await people('kpi=calls&period=week')).toEqual(
      [
        { userId: rep.id, value: 70 },
        { userId: peer.id, value: 50 },
      ].sort((a, b) => (a.userId < b.userId ? -1 : 1)),
    );
    // Another company's member sees none of them; a bad period is refused.
    const stranger = await t.createMember({ role: 'admin' });
    expect(await people(`kpi=${contracts.id}&period=week`, stranger)).toEqual([]);
    expect(await people('kpi=calls&period=week', stranger)).toEqual([]);
    expect((await t.request('/api/v1/targets/people?kpi=calls&period=year', { as: rep })).status).toBe(400);
  });

  it("measures a week or month without its own target by the day's target in force then times its working days", async () => {
    const { admin, rep } = await team();
    const peer = await t.createMember({ companyId: admin.companyId });
    const { contracts } = await doorKpis(admin);
    const set = (input: Record<string, unknown>) => setTarget(admin, { metric: 'kpi', kpiId: contracts.id, ...input });
    at('2026-11-02T09:00:00Z'); // a Monday; November 2026 has 21 working days in Norway
    await set({ userId: rep.id, period: 'day', value: 4, effectiveFrom: '2026-11-02' });
    await set({ userId: rep.id, period: 'week', value: 10, effectiveFrom: '2026-11-02' });
    await set({ userId: peer.id, period: 'day', value: 3, effectiveFrom: '2026-11-02' });
    await setTarget(admin, { userId: rep.id, metric: 'calls', period: 'day', value: 20, effectiveFrom: '2026-11-02' });
    at('2026-11-18T09:00:00Z');
    await set({ userId: peer.id, period: 'day', value: 5, effectiveFrom: '2026-11-18' });
    // The company's own day off is not a working day.
    const dayOff = await t.request('/api/v1/calendar/days-off', {
      method: 'POST',
      as: admin,
      json: { date: '2026-11-27', label: 'Kickoff' },
    });
    expect(dayOff.status).toBe(200);
    const people = async (query: string) => {
      const response = await t.request(`/api/v1/targets/people?${query}`, { as: rep });
      expect(response.status).toBe(200);
      const { targets } = (await response.json()) as PeopleTargets;
      return Object.fromEntries(targets.map(({ userId, ...target }) => [userId === rep.id ? 'rep' : 'peer', target]));
    };
    at('2026-11-25T09:00:00Z'); // a Wednesday
    // The week's own target where there is one; else its 4 working days (the 27th is off) at the day's target
    // in force now (decision 043: one target for the whole period, the peer's 5 since the 18th).
    expect(await people(`kpi=${contracts.id}&period=week`)).toEqual({ rep: { value: 10 }, peer: { value: 20, perDay: 5 } });
    expect(await people(`kpi=${contracts.id}&period=month`)).toEqual({ rep: { value: 80, perDay: 4 }, peer: { value: 100, perDay: 5 } });
    // A past week keeps the day targets it had.
    expect(await people(`kpi=${contracts.id}&period=week&on=2026-11-13`)).toEqual({ rep: { value: 10 }, peer: { value: 15, perDay: 3 } });
    expect(await people(`kpi=${contracts.id}&period=day`)).toEqual({ rep: { value: 4 }, peer: { value: 5 } });
    // A built-in KPI reads its metric's day targets the same way.
    expect(await people('kpi=calls&period=week')).toEqual({ rep: { value: 80, perDay: 20 } });
    // A week the company is closed has no working day to count: no target made of day targets.
    for (const date of ['2026-12-21', '2026-12-22', '2026-12-23', '2026-12-24']) {
      const closed = await t.request('/api/v1/calendar/days-off', { method: 'POST', as: admin, json: { date, label: 'Closed' } });
      expect(closed.status).toBe(200);
    }
    at('2026-12-22T09:00:00Z');
    expect(await people(`kpi=${contracts.id}&period=week`)).toEqual({ rep: { value: 10 } });
  });
});
