import { describe, expect, it } from 'vitest';
import type { LocalDate } from '../period';
import {
  buildWeeklyDigest,
  computeDigestReadFrom,
  computeDueDigestWeek,
  computeNextDigestTime,
  type DigestCompanyWeek,
  type DigestDayRow,
} from './index';

const d = (value: string) => value as LocalDate;

describe('computeDueDigestWeek: Monday from 07:00 in the company zone, until the day ends', () => {
  it('is due from 07:00 on Monday in Oslo, not a minute before, and not on Tuesday', () => {
    // Monday 23 November 2026, winter time (UTC+1): 07:00 local is 06:00Z.
    expect(computeDueDigestWeek(new Date('2026-11-23T05:59:59Z'), 'Europe/Oslo')).toBeNull();
    expect(computeDueDigestWeek(new Date('2026-11-23T06:00:00Z'), 'Europe/Oslo')).toBe('2026-11-16');
    expect(computeDueDigestWeek(new Date('2026-11-23T22:59:00Z'), 'Europe/Oslo')).toBe('2026-11-16');
    expect(computeDueDigestWeek(new Date('2026-11-23T23:00:00Z'), 'Europe/Oslo')).toBeNull(); // Tuesday 00:00 local
    expect(computeDueDigestWeek(new Date('2026-11-25T08:00:00Z'), 'Europe/Oslo')).toBeNull(); // Wednesday: stale
  });

  it('follows the wall clock after the spring and autumn changes', () => {
    // Summer time began on Sunday 29 March 2026: Monday 30 March 07:00 is 05:00Z.
    expect(computeDueDigestWeek(new Date('2026-03-30T04:59:00Z'), 'Europe/Oslo')).toBeNull();
    expect(computeDueDigestWeek(new Date('2026-03-30T05:00:00Z'), 'Europe/Oslo')).toBe('2026-03-23');
    // Winter time came back on Sunday 25 October 2026: Monday 26 October 07:00 is 06:00Z.
    expect(computeDueDigestWeek(new Date('2026-10-26T05:30:00Z'), 'Europe/Oslo')).toBeNull();
    expect(computeDueDigestWeek(new Date('2026-10-26T06:00:00Z'), 'Europe/Oslo')).toBe('2026-10-19');
  });

  it("is each company's own Monday: New York's comes hours after Oslo's", () => {
    expect(computeDueDigestWeek(new Date('2026-11-23T06:00:00Z'), 'America/New_York')).toBeNull(); // 01:00 there
    expect(computeDueDigestWeek(new Date('2026-11-23T12:00:00Z'), 'America/New_York')).toBe('2026-11-16');
  });
});

const zero = { calls: 0, meetings_booked: 0, meetings_held: 0, sales: 0, sales_value: 0, points: 0 };
const row = (userId: string, day: string, values: Partial<typeof zero>): DigestDayRow => ({ userId, day: d(day), ...zero, ...values });

function companyWeek(overrides: Partial<DigestCompanyWeek> = {}): DigestCompanyWeek {
  return {
    weekStart: d('2026-11-16'),
    timeZone: 'Europe/Oslo',
    calendar: { country: 'NO', daysOff: new Set() },
    members: [
      { userId: 'lead', name: 'Lea Lead', teamId: 'oslo', isActive: true, onBoards: true },
      { userId: 'kari', name: 'Kari', teamId: 'oslo', isActive: true, onBoards: true },
      { userId: 'åse', name: 'Åse', teamId: 'oslo', isActive: true, onBoards: true },
      { userId: 'bjørn', name: 'Bjørn', teamId: 'bergen', isActive: true, onBoards: true },
    ],
    teams: [
      { id: 'oslo', name: 'Oslo' },
      { id: 'bergen', name: 'Bergen' },
    ],
    days: [
      row('kari', '2026-11-16', { calls: 10, points: 10 }),
      row('kari', '2026-11-18', { calls: 20, meetings_booked: 2, points: 40 }),
      row('kari', '2026-11-20', { calls: 5, sales: 1, sales_value: 500_00, points: 40 }),
      row('kari', '2026-11-15', { calls: 99, points: 99 }), // the Sunday before: not this week
      row('åse', '2026-11-17', { calls: 3, points: 3 }),
      row('bjørn', '2026-11-17', { calls: 7, points: 7 }),
    ],
    targets: [
      { userId: 'kari', metric: 'calls', period: 'week', value: 30, effectiveFrom: '2026-11-01', endsOn: null },
      { userId: 'åse', metric: 'calls', period: 'week', value: 30, effectiveFrom: '2026-11-01', endsOn: null },
      { userId: 'kari', metric: 'points', period: 'day', value: 10, effectiveFrom: '2026-11-01', endsOn: null },
    ],
    teamTargets: [],
    ...overrides,
  };
}

describe('buildWeeklyDigest', () => {
  it("a rep's week: totals, week targets with their pace, and the best day (the earliest of equals)", () => {
    const digest = buildWeeklyDigest(companyWeek(), { userId: 'kari', role: 'user', ledTeamIds: [] }, { count: 0, unread: false })!;
    expect(digest.weekEnd).toBe('2026-11-22');
    expect(digest.own!.totals).toEqual({ calls: 35, meetings_booked: 2, meetings_held: 0, sales: 1, sales_value: 500_00, points: 90 });
    expect(digest.own!.targets).toEqual([{ metric: 'calls', period: 'week', value: 30, progress: 35, pace: 'ahead' }]);
    expect(digest.own!.bestDay).toEqual({ day: '2026-11-18', ...zero, calls: 20, meetings_booked: 2, points: 40 });
    expect(digest.team).toBeNull();
  });

  it("a lead's team: only their teams' numbers, who is behind in name order, the wrap-ups", () => {
    const digest = buildWeeklyDigest(companyWeek(), { userId: 'lead', role: 'user', ledTeamIds: ['oslo'] }, { count: 4, unread: false })!;
    expect(digest.own).toBeNull();
    expect(digest.team).toMatchObject({ scope: 'teams', teamNames: ['Oslo'], wrapups: { count: 4, unread: false } });
    expect(digest.team!.totals.calls).toBe(38); // Kari 35 + Åse 3; Bjørn is Bergen's
    expect(digest.team!.behind).toEqual([
      { userId: 'åse', name: 'Åse', targets: [{ metric: 'calls', period: 'week', value: 30, progress: 3, pace: 'behind' }] },
    ]);
  });

  it('never lists a member left off the boards as behind (decision 081); their numbers stay in the totals', () => {
    const base = companyWeek();
    const week = companyWeek({ members: base.members.map((m) => (m.userId === 'åse' ? { ...m, onBoards: false } : m)) });
    const digest = buildWeeklyDigest(week, { userId: 'lead', role: 'user', ledTeamIds: ['oslo'] }, { count: 0, unread: false })!;
    expect(digest.team!.behind).toEqual([]);
    expect(digest.team!.totals.calls).toBe(38);
  });

  it("an admin's is the company's", () => {
    const digest = buildWeeklyDigest(companyWeek(), { userId: 'lead', role: 'admin', ledTeamIds: [] }, { count: 0, unread: false })!;
    expect(digest.team).toMatchObject({ scope: 'company', teamNames: [] });
    expect(digest.team!.totals.calls).toBe(45);
  });

  it('says nothing (null) to a rep who did nothing and has no targets', () => {
    expect(buildWeeklyDigest(companyWeek(), { userId: 'bjørn-2', role: 'user', ledTeamIds: [] }, { count: 0, unread: false })).toBeNull();
  });

  it("a month target is paced at the week's end: working days up to the Sunday are gone", () => {
    // November 2026 in Norway has 21 working days; 15 are gone by Sunday 22 November.
    const week = companyWeek({
      targets: [{ userId: 'kari', metric: 'points', period: 'month', value: 210, effectiveFrom: '2026-11-01', endsOn: null }],
    });
    const digest = buildWeeklyDigest(week, { userId: 'kari', role: 'user', ledTeamIds: [] }, { count: 0, unread: false })!;
    // 189 points from 1 November to the Sunday (99 + 90) against 150 expected (210 x 15/21): ahead.
    expect(digest.own!.targets).toEqual([{ metric: 'points', period: 'month', value: 210, progress: 189, pace: 'ahead' }]);
  });
});

describe('targets on a KPI (decision 104)', () => {
  // "Contracts signed": a count of an own type; a second KPI sums its value field.
  const contracts = { id: 'kpi-contracts', names: { en: 'Contracts', nb: 'Kontrakter' }, format: 'number' as const, decimals: 0 };
  const value = { id: 'kpi-value', names: { en: 'Contract value' }, format: 'money' as const, decimals: 0 };
  const fact = (userId: string, day: string, activities: number, amount = 0) => ({
    userId,
    day,
    type: 'type-contract',
    outcomeId: '',
    activities,
    points: 0,
    sums: { value: amount },
    counts: {},
  });
  const targetKpis = {
    kpis: [contracts, value],
    formulas: new Map([
      ['kpi-contracts', { kind: 'aggregate' as const, aggregate: 'count' as const, typeIds: ['type-contract'], outcomeIds: [] }],
      ['kpi-value', { kind: 'aggregate' as const, aggregate: 'sum' as const, typeIds: ['type-contract'], outcomeIds: [], of: 'value' }],
    ]),
    facts: [
      fact('kari', '2026-11-17', 1, 20_000_00),
      fact('kari', '2026-11-19', 2, 10_000_00),
      fact('kari', '2026-11-03', 4, 90_000_00), // earlier in the month: the month's target counts it, the week's not
      fact('åse', '2026-11-18', 1, 5_000_00),
    ],
  };
  const kpiTarget = (userId: string, kpiId: string, period: 'week' | 'month', target: number) => ({
    userId,
    metric: 'kpi' as const,
    kpiId,
    period,
    value: target,
    effectiveFrom: '2026-11-01',
    endsOn: null,
  });

  it("measures each over the period's facts, beside the built-in metrics' and after them, and lists who is behind on one", () => {
    const week = companyWeek({
      targetKpis,
      targets: [
        ...companyWeek().targets,
        kpiTarget('kari', 'kpi-contracts', 'week', 4),
        kpiTarget('kari', 'kpi-value', 'month', 100_000_00),
        kpiTarget('åse', 'kpi-contracts', 'week', 3),
        // A KPI deleted since: its target says nothing.
        kpiTarget('kari', 'kpi-gone', 'week', 1),
      ],
    });
    const kari = buildWeeklyDigest(week, { userId: 'kari', role: 'user', ledTeamIds: [] }, { count: 0, unread: false })!;
    expect(kari.own!.targets).toEqual([
      { metric: 'calls', period: 'week', value: 30, progress: 35, pace: 'ahead' },
      { metric: 'kpi', kpi: contracts, period: 'week', value: 4, progress: 3, pace: 'behind' },
      // 120 000 kr from 1 November to the Sunday against 71 429 expected (15 of 21 working days): ahead.
      { metric: 'kpi', kpi: value, period: 'month', value: 100_000_00, progress: 120_000_00, pace: 'ahead' },
    ]);
    const lead = buildWeeklyDigest(week, { userId: 'lead', role: 'user', ledTeamIds: ['oslo'] }, { count: 0, unread: false })!;
    expect(lead.team!.behind.map((m) => [m.name, m.targets.map((t) => (t.metric === 'kpi' ? t.kpi.id : t.metric))])).toEqual([
      ['Kari', ['kpi-contracts']],
      ['Åse', ['calls', 'kpi-contracts']],
    ]);
  });

  it("a team's is its members' facts together; without the KPIs read, a KPI's target is left out", () => {
    const week = companyWeek({ targetKpis, teamTargets: [{ ...kpiTarget('', 'kpi-contracts', 'week', 5), teamId: 'oslo' }] });
    const lead = buildWeeklyDigest(week, { userId: 'lead', role: 'user', ledTeamIds: ['oslo'] }, { count: 0, unread: false })!;
    expect(lead.team!.teams.find((team) => team.teamId === 'oslo')!.targets).toEqual([
      { metric: 'kpi', kpi: contracts, period: 'week', value: 5, progress: 4, pace: 'behind' },
    ]);
    const unread = companyWeek({ targets: [kpiTarget('kari', 'kpi-contracts', 'week', 4)] });
    expect(buildWeeklyDigest(unread, { userId: 'kari', role: 'user', ledTeamIds: [] }, { count: 0, unread: false })!.own!.targets).toEqual(
      [],
    );
  });
});

describe('what a manager reads beside the totals (decision 089)', () => {
  const admin = { userId: 'lead', role: 'admin' as const, ledTeamIds: [] };
  const lead = { userId: 'lead', role: 'user' as const, ledTeamIds: ['oslo'] };
  const none = { count: 0, unread: false };

  it('reads its rollups from the Monday before, or from the first of the month when that is earlier', () => {
    expect(computeDigestReadFrom(d('2026-11-16'))).toBe('2026-11-01'); // November began before 9 November
    expect(computeDigestReadFrom(d('2026-11-02'))).toBe('2026-10-26'); // the week before is in October
    expect(computeDigestReadFrom(d('2026-11-30'))).toBe('2026-11-23'); // the week's Sunday is in December
  });

  it('every total comes with the same people’s week before', () => {
    const week = companyWeek({
      days: [
        ...companyWeek().days,
        row('kari', '2026-11-09', { calls: 40, points: 30 }),
        row('kari', '2026-11-13', { sales: 2, sales_value: 900_00, points: 20 }),
        row('bjørn', '2026-11-10', { calls: 9, points: 9 }),
        row('kari', '2026-11-08', { calls: 500, points: 500 }), // two weeks back: not compared
      ],
    });
    const rep = buildWeeklyDigest(week, { userId: 'kari', role: 'user', ledTeamIds: [] }, none)!;
    // The Sunday 15 November row (99 calls) is the week before's, too.
    expect(rep.own!.previous).toEqual({ calls: 139, meetings_booked: 0, meetings_held: 0, sales: 2, sales_value: 900_00, points: 149 });
    expect(buildWeeklyDigest(week, lead, none)!.team!.previous.calls).toBe(139); // Oslo: Kari's; Bjørn is Bergen's
    expect(buildWeeklyDigest(week, admin, none)!.team!.previous.calls).toBe(148);
  });

  it('names the top three by points, the reader too, nobody without a point or off the boards or removed', () => {
    const base = companyWeek();
    const week = companyWeek({
      members: [
        ...base.members.map((m) => (m.userId === 'bjørn' ? { ...m, onBoards: false } : m)),
        { userId: 'eva', name: 'Eva', teamId: 'oslo', isActive: true, onBoards: true },
        { userId: 'gone', name: 'Gone', teamId: 'oslo', isActive: false, onBoards: true },
        { userId: 'idle', name: 'Idle', teamId: 'oslo', isActive: true, onBoards: true },
      ],
      days: [
        ...base.days,
        row('lead', '2026-11-17', { points: 3 }),
        row('eva', '2026-11-17', { points: 50 }),
        row('gone', '2026-11-17', { points: 500 }),
      ],
    });
    const digest = buildWeeklyDigest(week, admin, none)!;
    expect(digest.team!.top).toEqual([
      { userId: 'kari', name: 'Kari', points: 90 },
      { userId: 'eva', name: 'Eva', points: 50 },
      { userId: 'lead', name: 'Lea Lead', points: 3 }, // equal to Åse's 3: by name, Lea before Åse
    ]);
    // The removed member's points stay in the company's total.
    expect(digest.team!.totals.points).toBe(90 + 3 + 7 + 3 + 50 + 500);
  });

  it("splits an admin's week by team (most points first, the people in no team last) with each team's targets and pace", () => {
    const base = companyWeek();
    const week = companyWeek({
      members: [
        ...base.members,
        { userId: 'solo', name: 'Solo', teamId: null, isActive: true, onBoards: true },
        { userId: 'moved', name: 'Moved', teamId: 'oslo', isActive: false, onBoards: true },
      ],
      teams: [...base.teams, { id: 'quiet', name: 'Quiet' }],
      days: [...base.days, row('solo', '2026-11-19', { calls: 1, points: 1 }), row('moved', '2026-11-19', { calls: 2, points: 2 })],
      teamTargets: [
        { teamId: 'oslo', metric: 'calls', period: 'week', value: 100, effectiveFrom: '2026-11-01', endsOn: null },
        { teamId: 'bergen', metric: 'calls', period: 'week', value: 5, effectiveFrom: '2026-11-01', endsOn: null },
        { teamId: 'bergen', metric: 'calls', period: 'day', value: 1, effectiveFrom: '2026-11-01', endsOn: null }, // a day's: not the week's news
      ],
    });
    const { teams } = buildWeeklyDigest(week, admin, none)!.team!;
    expect(teams.map((team) => [team.name, team.totals.points, team.totals.calls])).toEqual([
      ['Oslo', 95, 40], // Kari 90 + Åse 3 + the removed member's 2: the people in the team now, removed ones too
      ['Bergen', 7, 7],
      [null, 1, 1], // Quiet did nothing and has no target: left out
    ]);
    expect(teams[0]!.targets).toEqual([{ metric: 'calls', period: 'week', value: 100, progress: 40, pace: 'behind' }]);
    expect(teams[1]!.targets).toEqual([{ metric: 'calls', period: 'week', value: 5, progress: 7, pace: 'ahead' }]);
    expect(teams[2]!.targets).toEqual([]);
  });

  it("a lead's split is the teams they lead; a quiet team with a target is still there, to say it is behind", () => {
    const base = companyWeek();
    const week = companyWeek({
      teams: [...base.teams, { id: 'tromsø', name: 'Tromsø' }],
      teamTargets: [{ teamId: 'tromsø', metric: 'sales', period: 'month', value: 4, effectiveFrom: '2026-11-01', endsOn: null }],
    });
    const digest = buildWeeklyDigest(week, { ...lead, ledTeamIds: ['oslo', 'tromsø'] }, none)!;
    expect(digest.team!.teams.map((team) => team.name)).toEqual(['Oslo', 'Tromsø']);
    expect(digest.team!.teams[1]!.targets).toEqual([{ metric: 'sales', period: 'month', value: 4, progress: 0, pace: 'behind' }]);
  });
});

describe('computeNextDigestTime: the coming Monday 07:00 in the company zone', () => {
  it.each([
    ['a Wednesday', '2026-11-25T10:00:00Z', 'Europe/Oslo', '2026-11-30T06:00:00.000Z'],
    ['Monday before 07:00', '2026-11-30T05:59:59Z', 'Europe/Oslo', '2026-11-30T06:00:00.000Z'],
    ['Monday at 07:00 itself: the next week', '2026-11-30T06:00:00Z', 'Europe/Oslo', '2026-12-07T06:00:00.000Z'],
    ['Monday afternoon', '2026-11-30T14:00:00Z', 'Europe/Oslo', '2026-12-07T06:00:00.000Z'],
    ['Sunday evening in New York, Monday already in Oslo', '2026-11-30T02:00:00Z', 'America/New_York', '2026-11-30T12:00:00.000Z'],
    ['across the spring change in Oslo (summer time from 29 March)', '2027-03-27T12:00:00Z', 'Europe/Oslo', '2027-03-29T05:00:00.000Z'],
  ])('%s', (_label, now, zone, expected) => {
    const next = computeNextDigestTime(new Date(now), zone);
    expect(next.toISOString()).toBe(expected);
    // Due then, and not a minute before.
    expect(computeDueDigestWeek(next, zone)).not.toBeNull();
    expect(computeDueDigestWeek(new Date(next.getTime() - 60_000), zone)).toBeNull();
  });
});
