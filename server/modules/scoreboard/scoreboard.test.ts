import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompanyKpis,
  CompanyPage,
  Leaderboard,
  LeaderboardRow,
  MemberStats,
  MonthlyOverview,
  RecentActivities,
  TeamStats,
  WeeklyOverview,
} from '@core/contracts';
import { sql } from 'drizzle-orm';
import type { ActivityInput } from '@core/kpi';
import type { MinorUnits } from '@core/money';
import { seedActivity, type SeededActivity } from '../../seed/activities';
import { withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { computeLeaderboardRows } from './scoreboard.service';

/*
 * The cross-check suite: several members log a known mix of activities (last month, last week,
 * yesterday, today, both sides of Oslo's DST change on 2026-10-25 and of a month boundary);
 * every endpoint must answer with the same totals, ranks and conversion as an independent
 * computation done here from the seeded list, with its own date arithmetic (Intl) and its own
 * points table, not core's helpers.
 */

const TZ = 'Europe/Oslo';
type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let now = new Date('2026-10-26T10:00:00Z');
let alice: Member; // admin
let bob: Member;
let carol: Member;
let dave: Member; // no activity, no display name
let eve: Member;
let fred: Member; // removed from the company after logging
let bert: Member; // another company

/** What was seeded in company A, as the test knows it. */
type Logged = { userId: string; at: Date; kind: Kind; id: string; points: number; customerName: string | null; notes: string | null };
type Kind = 'booked' | 'moved' | 'answered' | 'unanswered' | 'meeting' | 'email' | { sale: number };
const logged: Logged[] = [];
const otherCompanyIds = new Set<string>();

function toInput(kind: Kind): ActivityInput {
  if (typeof kind === 'object') return { type: 'sale', ticketSize: kind.sale as MinorUnits };
  switch (kind) {
    case 'booked':
      return { type: 'call_answered', outcome: 'meeting_booked' };
    case 'moved':
      return { type: 'call_answered', outcome: 'moved_forward' };
    case 'answered':
      return { type: 'call_answered', outcome: 'no_progress' };
    case 'unanswered':
      return { type: 'call_unanswered' };
    case 'meeting':
      return { type: 'meeting' };
    case 'email':
      return { type: 'email' };
  }
}

async function log(
  member: Member,
  iso: string,
  kind: Kind,
  extra: { customerName?: string; notes?: string } = {},
): Promise<SeededActivity> {
  const seeded = await seedActivity(t.db, {
    companyId: member.companyId,
    userId: member.id,
    at: new Date(iso),
    timezone: TZ,
    ...extra,
    ...toInput(kind),
  });
  if (member.companyId === alice.companyId) {
    logged.push({
      userId: member.id,
      at: new Date(iso),
      kind,
      id: seeded.id,
      points: seeded.points,
      customerName: extra.customerName ?? null,
      notes: extra.notes ?? null,
    });
  } else {
    otherCompanyIds.add(seeded.id);
  }
  return seeded;
}

// ---------------------------------------------------------------------------------------------
// The independent computation
// ---------------------------------------------------------------------------------------------

const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' });
const localDateOf = (d: Date) => dateFormat.format(d);
const shift = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const mondayOf = (date: string) => shift(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7));
const monthBounds = (date: string): [string, string] => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return [`${date.slice(0, 7)}-01`, `${date.slice(0, 7)}-${String(last).padStart(2, '0')}`];
};
const isCall = (k: Kind) => k === 'booked' || k === 'moved' || k === 'answered' || k === 'unanswered';

/** Default rules, written out: booked 5, moved 1, held meeting 3, sale 10, e-mail off, +5 on a day's 20th call. */
function expectedPoints(list: Logged[]): Map<string, number> {
  const base = (k: Kind) => (typeof k === 'object' ? 10 : { booked: 5, moved: 1, answered: 0, unanswered: 0, meeting: 3, email: 0 }[k]);
  const callsOnDay = new Map<string, number>();
  const out = new Map<string, number>();
  for (const a of [...list].sort((x, y) => x.at.getTime() - y.at.getTime())) {
    let points = base(a.kind);
    if (isCall(a.kind)) {
      const key = `${a.userId}|${localDateOf(a.at)}`;
      const n = (callsOnDay.get(key) ?? 0) + 1;
      callsOnDay.set(key, n);
      if (n === 20) points += 5;
    }
    out.set(a.id, points);
  }
  return out;
}

type Totals = {
  calls: number;
  answered: number;
  unanswered: number;
  meetings: number;
  sales: number;
  revenue: number;
  points: number;
  activities: number;
  conversion: number;
};

function totalsOf(list: Logged[]): Totals {
  const points = expectedPoints(logged);
  const calls = list.filter((a) => isCall(a.kind)).length;
  const meetings = list.filter((a) => a.kind === 'booked').length;
  return {
    calls,
    answered: list.filter((a) => a.kind === 'booked' || a.kind === 'moved' || a.kind === 'answered').length,
    unanswered: list.filter((a) => a.kind === 'unanswered').length,
    meetings,
    sales: list.filter((a) => typeof a.kind === 'object').length,
    revenue: list.reduce((s, a) => s + (typeof a.kind === 'object' ? a.kind.sale : 0), 0),
    points: list.reduce((s, a) => s + points.get(a.id)!, 0),
    activities: list.length,
    conversion: calls === 0 ? 0 : Math.round((meetings * 100) / calls),
  };
}

const inDays = (from: string, to: string) => (a: Logged) => localDateOf(a.at) >= from && localDateOf(a.at) <= to;

function activeMembers(): Member[] {
  return [alice, bob, carol, dave, eve];
}

const names = new Map<string, string | null>();

function expectedMembers(from: string, to: string): MemberStats[] {
  return activeMembers().map((m) => ({
    userId: m.id,
    displayName: names.get(m.id) ?? null,
    avatarUrl: null,
    ...totalsOf(logged.filter((a) => a.userId === m.id).filter(inDays(from, to))),
  }));
}

type SortKey = 'points' | 'calls' | 'meetings' | 'sales';
function expectedRanking(rows: MemberStats[], key: SortKey, me: string | null): LeaderboardRow[] {
  const sorted = [...rows].sort(
    (a, b) =>
      b[key] - a[key] ||
      b.calls - a.calls ||
      b.meetings - a.meetings ||
      (a.displayName === b.displayName
        ? a.userId.localeCompare(b.userId)
        : a.displayName === null
          ? 1
          : b.displayName === null
            ? -1
            : a.displayName < b.displayName
              ? -1
              : 1),
  );
  return sorted.map((r, i) => ({ ...r, rank: i + 1, isCurrentUser: r.userId === me }));
}

function change(current: number, previous: number): string {
  if (current === 0 && previous === 0) return '0%';
  if (previous === 0) return 'new';
  const pct = Math.round(((current - previous) / previous) * 100);
  return pct >= 0 ? `+${pct}%` : `${pct}%`;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

async function get<T>(path: string, as: Member | null): Promise<T> {
  const response = await t.request(path, { as });
  const body = await response.text();
  expect(response.status, `${path}: ${body}`).toBe(200);
  return JSON.parse(body) as T;
}

/** Every endpoint against the independent computation, as `me` sees it at the current `now`. */
async function crossCheck(me: Member) {
  const today = localDateOf(now);
  const yesterday = shift(today, -1);
  const [monthFrom, monthTo] = monthBounds(today);
  const weekFrom = mondayOf(today);
  const weekTo = shift(weekFrom, 6);

  // Dashboard KPIs
  const kpis = await get<CompanyKpis>('/api/v1/scoreboard/kpis', me);
  const tt = totalsOf(logged.filter(inDays(today, today)));
  const yy = totalsOf(logged.filter(inDays(yesterday, yesterday)));
  expect(kpis).toEqual({
    date: today,
    yesterdayDate: yesterday,
    timezone: TZ,
    calls: { today: tt.calls, yesterday: yy.calls, change: change(tt.calls, yy.calls) },
    meetings: { today: tt.meetings, yesterday: yy.meetings, change: change(tt.meetings, yy.meetings) },
    sales: { today: tt.sales, yesterday: yy.sales, change: change(tt.sales, yy.sales) },
    points: { today: tt.points, yesterday: yy.points, change: change(tt.points, yy.points) },
    revenue: { today: tt.revenue, yesterday: yy.revenue, change: change(tt.revenue, yy.revenue) },
  });

  // Team stats and leaderboards for every period kind
  const periods: [string, string, string][] = [
    ['period=today', today, today],
    ['period=yesterday', yesterday, yesterday],
    ['period=week', weekFrom, weekTo],
    ['period=month', monthFrom, monthTo],
    ['period=custom&from=2026-10-24&to=2026-10-26', '2026-10-24', '2026-10-26'],
    ['period=custom&from=2026-09-30&to=2026-10-01', '2026-09-30', '2026-10-01'],
    ['period=custom&from=2025-11-01&to=2026-10-31', '2025-11-01', '2026-10-31'],
  ];
  for (const [query, from, to] of periods) {
    const members = expectedMembers(from, to);
    const stats = await get<TeamStats>(`/api/v1/scoreboard/team-stats?${query}`, me);
    expect(stats.period, query).toMatchObject({ from, to, today, timezone: TZ });
    expect(stats.totals, query).toEqual(totalsOf(logged.filter(inDays(from, to))));
    expect(stats.teamSize).toBe(5);
    expect(stats.members, query).toEqual(expectedRanking(members, 'calls', null).map(({ rank: _r, isCurrentUser: _c, ...m }) => m));
    for (const sort of ['points', 'calls', 'meetings', 'sales'] as const) {
      const board = await get<Leaderboard>(`/api/v1/scoreboard/leaderboard?${query}&sort=${sort}`, me);
      expect(board.sort).toBe(sort);
      expect(board.rows, `${query} by ${sort}`).toEqual(expectedRanking(members, sort, me.id));
    }
  }

  // Limited and active-only boards (TV: top 10 with activity; Team Overview: top 5)
  const todayMembers = expectedMembers(today, today);
  const active = await get<Leaderboard>('/api/v1/scoreboard/leaderboard?period=today&activeOnly=true&limit=10', me);
  expect(active.rows).toEqual(
    expectedRanking(
      todayMembers.filter((m) => m.activities > 0),
      'points',
      me.id,
    ),
  );
  const top2 = await get<Leaderboard>('/api/v1/scoreboard/leaderboard?period=today&sort=calls&limit=2', me);
  expect(top2.rows).toEqual(expectedRanking(todayMembers, 'calls', me.id).slice(0, 2));

  // The feed: newest first, another company's never
  const byNewest = [...logged].sort((a, b) => b.at.getTime() - a.at.getTime());
  for (const limit of [10, 50]) {
    const feed = await get<RecentActivities>(`/api/v1/scoreboard/recent-activities?limit=${limit}`, me);
    expect(feed.activities.map((a) => a.id)).toEqual(byNewest.slice(0, limit).map((a) => a.id));
  }
  const todayFeed = await get<RecentActivities>('/api/v1/scoreboard/recent-activities?period=today&limit=50', me);
  expect(todayFeed.activities.map((a) => a.id)).toEqual(byNewest.filter(inDays(today, today)).map((a) => a.id));
  const points = expectedPoints(logged);
  for (const entry of todayFeed.activities) {
    const source = logged.find((a) => a.id === entry.id)!;
    expect(entry).toMatchObject({
      userId: source.userId,
      displayName: names.get(source.userId) ?? null,
      points: points.get(source.id),
      customerName: source.customerName,
      notes: source.notes,
      createdAt: source.at.toISOString(),
      meetingBooked: source.kind === 'booked',
      movedForward: source.kind === 'moved',
    });
    expect(otherCompanyIds.has(entry.id)).toBe(false);
  }

  // Weekly View
  const weekly = await get<WeeklyOverview>('/api/v1/scoreboard/weekly', me);
  expect(weekly.period).toMatchObject({ kind: 'week', from: weekFrom, to: weekTo });
  expect(weekly.totals).toEqual(totalsOf(logged.filter(inDays(weekFrom, weekTo))));
  expect(weekly.teamSize).toBe(5);
  expect(weekly.members).toEqual(expectedRanking(expectedMembers(weekFrom, weekTo), 'points', me.id));

  // Monthly Overview, this month and last month
  for (const [query, from, to] of [
    ['', monthFrom, monthTo],
    ['?month=2026-10', '2026-10-01', '2026-10-31'],
    ['?month=2026-09', '2026-09-01', '2026-09-30'],
  ] as const) {
    const monthly = await get<MonthlyOverview>(`/api/v1/scoreboard/monthly${query}`, me);
    const inMonth = logged.filter(inDays(from, to));
    const mine = inMonth.filter((a) => a.userId === me.id);
    const own = totalsOf(mine);
    const workingDays = Math.max(1, new Set(mine.map((a) => localDateOf(a.at))).size);
    expect(monthly.period, query).toMatchObject({ kind: 'month', from, to, today });
    expect(monthly.individual, query).toEqual({
      ...own,
      workingDays,
      avgCallsPerDay: round1(own.calls / workingDays),
      avgPointsPerDay: round1(own.points / workingDays),
    });
    expect(monthly.company.totals, query).toEqual(totalsOf(inMonth));
    expect(monthly.company.teamSize).toBe(5);
    expect(monthly.company.leaderboard, query).toEqual(expectedRanking(expectedMembers(from, to), 'points', me.id));
    const days: string[] = [];
    for (let d: string = from; d <= to; d = shift(d, 1)) days.push(d);
    expect(monthly.trend, query).toEqual(
      days.map((date) => {
        const day = totalsOf(inMonth.filter(inDays(date, date)));
        return { date, points: day.points, calls: day.calls };
      }),
    );
    expect(monthly.trend.reduce((s, d) => s + d.points, 0)).toBe(monthly.company.totals.points);
  }
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestApp({ now: () => now });
  alice = await t.createMember({ role: 'admin', name: 'Alice' });
  const companyId = alice.companyId;
  bob = await t.createMember({ companyId, name: 'Bob' });
  carol = await t.createMember({ companyId, name: 'Carol' });
  dave = await t.createMember({ companyId, name: 'Dave' });
  eve = await t.createMember({ companyId, name: 'Eve' });
  fred = await t.createMember({ companyId, name: 'Fred' });
  bert = await t.createMember({ role: 'admin', name: 'Bert of B' });
  for (const m of [alice, bob, carol, eve, fred]) names.set(m.id, m.name);
  // Dave has no display name: null in every answer (the UI shows 'User ' + 8 id characters).
  await withTenant(t.db, { companyId, userId: alice.id }, (tx) =>
    tx.execute(sql`UPDATE profiles SET display_name = NULL WHERE company_id = ${companyId} AND user_id = ${dave.id}`),
  );
  names.set(dave.id, null);

  // Last month, across the month boundary: 23:30 on 30 Sep is September; 00:30 on 1 Oct (22:30Z on 30 Sep) is October.
  await log(alice, '2026-09-30T21:30:00Z', 'booked');
  await log(bob, '2026-09-30T22:30:00Z', { sale: 250_000 }, { customerName: 'Fjord AS' });
  await log(carol, '2026-09-15T09:00:00Z', 'moved');
  // Last week
  await log(carol, '2026-10-20T08:00:00Z', 'answered');
  await log(carol, '2026-10-20T08:05:00Z', 'moved');
  for (const [i, kind] of (['booked', 'booked', 'unanswered', 'unanswered', 'unanswered'] as const).entries()) {
    await log(alice, `2026-10-21T0${i}:10:00Z`, kind);
  }
  await log(eve, '2026-10-22T12:00:00Z', { sale: 99_900 });
  // Around the DST change (Sunday 25 Oct: 02:00-03:00 local happens twice; the day is 25 hours long)
  await log(bob, '2026-10-24T21:30:00Z', 'booked'); // Sat 23:30 CEST
  await log(bob, '2026-10-24T22:30:00Z', 'unanswered'); // Sun 00:30 CEST
  await log(carol, '2026-10-25T00:30:00Z', 'booked'); // Sun 02:30 CEST
  await log(carol, '2026-10-25T01:30:00Z', 'moved'); // Sun 02:30 CET, the repeated hour
  await log(eve, '2026-10-25T10:00:00Z', 'booked');
  await log(fred, '2026-10-25T11:00:00Z', 'booked');
  await log(fred, '2026-10-25T11:05:00Z', { sale: 10_000 });
  await log(alice, '2026-10-25T22:30:00Z', { sale: 100_000 }, { customerName: 'Nordlys AS', notes: 'Annual licence' }); // Sun 23:30 CET
  await log(alice, '2026-10-25T23:30:00Z', 'booked', { customerName: 'Havbris' }); // Mon 00:30 CET: today
  // Today (Monday 26 Oct) before 11:00 local: Bob's 20th call earns the daily bonus
  const bobsCalls: Kind[] = [...Array<Kind>(12).fill('unanswered'), ...Array<Kind>(5).fill('answered'), 'booked', 'booked', 'booked'];
  for (const [i, kind] of bobsCalls.entries()) {
    await log(bob, new Date(Date.parse('2026-10-26T06:00:00Z') + i * 120_000).toISOString(), kind);
  }
  await log(carol, '2026-10-26T08:00:00Z', { sale: 50_000 }, { customerName: 'Skog og Sjø', notes: 'x'.repeat(80) });
  await log(carol, '2026-10-26T08:30:00Z', 'email');
  await log(carol, '2026-10-26T08:45:00Z', 'meeting');
  await log(alice, '2026-10-26T09:00:00Z', 'moved');
  for (let i = 0; i < 6; i++) await log(eve, `2026-10-26T09:1${i}:00Z`, 'moved');
  await log(eve, '2026-10-26T09:20:00Z', 'unanswered');
  // Another company at the same moments
  await log(bert, '2026-10-26T09:00:00Z', 'booked');
  await log(bert, '2026-10-26T09:05:00Z', 'booked');
  await log(bert, '2026-10-25T12:00:00Z', { sale: 1_000_000 });
  await log(bert, '2026-10-01T12:00:00Z', 'booked');

  // Fred leaves: his history still counts in the company's totals, but he is no longer on the boards.
  await withTenant(t.db, { companyId, userId: alice.id }, (tx) =>
    tx.execute(sql`UPDATE profiles SET removed_at = now() WHERE company_id = ${companyId} AND user_id = ${fred.id}`),
  );
});
afterAll(() => t.close());

describe('seeding', () => {
  it('stores the points the rules give, including the 20th call bonus once', () => {
    const expected = expectedPoints(logged);
    for (const a of logged) expect(a.points, `${String(a.kind)} at ${a.at.toISOString()}`).toBe(expected.get(a.id));
    const bobToday = logged.filter((a) => a.userId === bob.id && localDateOf(a.at) === '2026-10-26');
    expect(bobToday.reduce((s, a) => s + a.points, 0)).toBe(3 * 5 + 5);
  });
});

describe('cross-check on Monday 26 Oct 2026, the day after the DST change', () => {
  it('agrees with the independent computation as an admin', () => crossCheck(alice));
  it('agrees as a plain user (isCurrentUser and the individual month follow the caller)', () => crossCheck(bob));

  it("spells out today's leaderboard: ties on points go to more calls", async () => {
    const board = await get<Leaderboard>('/api/v1/scoreboard/leaderboard?period=today', bob);
    expect(board.rows.map((r) => [r.displayName, r.points, r.calls, r.rank, r.isCurrentUser])).toEqual([
      ['Bob', 20, 20, 1, true],
      ['Carol', 13, 0, 2, false],
      ['Eve', 6, 7, 3, false], // 6 points, 7 calls
      ['Alice', 6, 2, 4, false], // 6 points, 2 calls (00:30 local today counts; 23:30 yesterday does not)
      [null, 0, 0, 5, false],
    ]);
    expect(board.rows[0]).toMatchObject({ answered: 8, unanswered: 12, meetings: 3, conversion: 15 });
  });

  it('puts the late Sunday sale on the 25-hour Sunday, not on Monday', async () => {
    const kpis = await get<CompanyKpis>('/api/v1/scoreboard/kpis', alice);
    expect(kpis.revenue).toEqual({ today: 50_000, yesterday: 110_000, change: '-55%' });
    expect(kpis.sales).toEqual({ today: 1, yesterday: 2, change: '-50%' });
    expect(kpis.date).toBe('2026-10-26');
  });

  it('counts a removed member in the totals but not on the boards', async () => {
    const stats = await get<TeamStats>('/api/v1/scoreboard/team-stats?period=yesterday', alice);
    expect(stats.members.map((m) => m.userId)).not.toContain(fred.id);
    expect(stats.totals.meetings).toBe(stats.members.reduce((s, m) => s + m.meetings, 0) + 1);
  });

  it('shows the company page with active members only', async () => {
    const page = await get<CompanyPage>('/api/v1/scoreboard/company', bob);
    expect(page.company).toMatchObject({ id: alice.companyId, timezone: TZ });
    expect(page.memberCount).toBe(5);
    expect(page.members.map((m) => [m.userId, m.role])).toEqual([
      [alice.id, 'admin'],
      [bob.id, 'user'],
      [carol.id, 'user'],
      [dave.id, 'user'],
      [eve.id, 'user'],
    ]);
  });

  it("another company's member sees only their own company", async () => {
    const kpis = await get<CompanyKpis>('/api/v1/scoreboard/kpis', bert);
    expect(kpis.meetings.today).toBe(2);
    expect(kpis.sales.yesterday).toBe(1);
    const feed = await get<RecentActivities>('/api/v1/scoreboard/recent-activities?limit=50', bert);
    expect(new Set(feed.activities.map((a) => a.id))).toEqual(otherCompanyIds);
    const board = await get<Leaderboard>('/api/v1/scoreboard/leaderboard?period=month', bert);
    expect(board.rows.map((r) => r.userId)).toEqual([bert.id]);
    const monthly = await get<MonthlyOverview>('/api/v1/scoreboard/monthly', bert);
    expect(monthly.company.totals).toMatchObject({ calls: 3, meetings: 3, sales: 1, revenue: 1_000_000 });
  });
});

describe('cross-check a week later, on Monday 2 Nov 2026 (a new month)', () => {
  beforeAll(async () => {
    now = new Date('2026-11-02T09:00:00Z');
    await log(alice, '2026-11-01T22:59:00Z', 'booked'); // Sunday 23:59 local: yesterday
    await log(bob, '2026-11-01T23:00:00Z', 'answered'); // Monday 00:00 local: today
    await log(carol, '2026-11-02T08:00:00Z', { sale: 75_000 });
    await log(dave, '2026-10-31T10:00:00Z', 'unanswered'); // last day of October
  });

  it('agrees with the independent computation', () => crossCheck(carol));
  it('agrees for the member who had no name and a single call', () => crossCheck(dave));

  it('the trend of last month has 31 days and its own totals', async () => {
    const monthly = await get<MonthlyOverview>('/api/v1/scoreboard/monthly?month=2026-10', dave);
    expect(monthly.trend).toHaveLength(31);
    expect(monthly.individual).toMatchObject({ calls: 1, workingDays: 1, avgCallsPerDay: 1, avgPointsPerDay: 0 });
  });
});

describe('leaderboard ordering', () => {
  const row = (userId: string, displayName: string | null, s: Partial<MemberStats>): MemberStats => ({
    userId,
    displayName,
    avatarUrl: null,
    calls: 0,
    answered: 0,
    unanswered: 0,
    meetings: 0,
    sales: 0,
    revenue: 0,
    points: 0,
    activities: 0,
    conversion: 0,
    ...s,
  });

  it('breaks ties by calls, then meetings, then name (unnamed last), then id', () => {
    const rows = [
      row('u1', 'Zed', { points: 10, calls: 5, meetings: 1 }),
      row('u2', 'Amy', { points: 10, calls: 5, meetings: 2 }),
      row('u3', 'Bea', { points: 10, calls: 6, meetings: 0 }),
      row('u4', null, { points: 10, calls: 5, meetings: 1 }),
      row('u5', 'Cat', { points: 10, calls: 5, meetings: 1 }),
      row('u6', 'Dan', { points: 12, calls: 0, meetings: 0 }),
    ];
    expect(computeLeaderboardRows(rows, 'points', 'u5').map((r) => [r.userId, r.rank, r.isCurrentUser])).toEqual([
      ['u6', 1, false],
      ['u3', 2, false],
      ['u2', 3, false],
      ['u5', 4, true],
      ['u1', 5, false],
      ['u4', 6, false],
    ]);
  });

  it('sorts by sales with the same tie-breaks', () => {
    const rows = [row('a', 'A', { sales: 1, calls: 1 }), row('b', 'B', { sales: 2 }), row('c', 'C', { sales: 1, calls: 3 })];
    expect(computeLeaderboardRows(rows, 'sales', null).map((r) => r.userId)).toEqual(['b', 'c', 'a']);
  });
});

describe('input and access', () => {
  it.each([
    ['/api/v1/scoreboard/team-stats?period=custom', 'from'],
    ['/api/v1/scoreboard/team-stats?period=custom&from=2026-10-02&to=2026-10-01', 'to'],
    ['/api/v1/scoreboard/team-stats?period=custom&from=2025-01-01&to=2026-01-02', 'to'],
    ['/api/v1/scoreboard/team-stats?period=custom&from=2026-02-30&to=2026-03-01', 'from'],
    ['/api/v1/scoreboard/team-stats?period=today&from=2026-10-01', 'period'],
    ['/api/v1/scoreboard/team-stats?period=fortnight', 'period'],
    ['/api/v1/scoreboard/leaderboard?sort=revenue', 'sort'],
    ['/api/v1/scoreboard/leaderboard?limit=0', 'limit'],
    ['/api/v1/scoreboard/recent-activities?limit=51', 'limit'],
    ['/api/v1/scoreboard/recent-activities?period=custom', 'period'],
    ['/api/v1/scoreboard/monthly?month=2026-13', 'month'],
    // Found by the API fuzz: year 0000 answered 500, and 9999-12 held the server for minutes and then answered 500.
    ['/api/v1/scoreboard/monthly?month=0000-01', 'month'],
    ['/api/v1/scoreboard/monthly?month=9999-12', 'month'],
    ['/api/v1/scoreboard/team-stats?period=custom&from=9999-12-31&to=9999-12-31', 'from'],
    ['/api/v1/scoreboard/leaderboard?period=custom&from=0001-01-01&to=0001-01-02', 'from'],
  ])('%s is a 400 naming %s', async (path, field) => {
    const response = await t.request(path, { as: alice });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: Record<string, string> } };
    expect(body.error.code).toBe('invalid_input');
    expect(Object.keys(body.error.details)).toContain(field);
  });

  it('accepts a custom range of exactly 366 days', async () => {
    const response = await t.request('/api/v1/scoreboard/team-stats?period=custom&from=2025-11-02&to=2026-11-02', { as: alice });
    expect(response.status).toBe(200);
  });

  it('refuses anonymous callers and people without a company', async () => {
    for (const path of ['kpis', 'team-stats', 'leaderboard', 'recent-activities', 'weekly', 'monthly', 'company']) {
      expect((await t.request(`/api/v1/scoreboard/${path}`)).status).toBe(401);
    }
    const loner = await t.createUser({ name: 'Loner' });
    expect((await t.request('/api/v1/scoreboard/kpis', { as: loner })).status).toBe(403);
  });

  it('documents every endpoint in the OpenAPI document', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    for (const path of ['kpis', 'team-stats', 'leaderboard', 'recent-activities', 'weekly', 'monthly', 'company']) {
      expect(Object.keys(doc.paths)).toContain(`/api/v1/scoreboard/${path}`);
    }
  });
});
