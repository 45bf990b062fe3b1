import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditLogPage, Badge, BadgeSettings, DisplayLeaderboard, FeedEvent, MemberBadges, RecentBadges } from '@core/contracts';
import { toCompanyId, toUserId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listFeedEvents } from '../feed/feed.service';
import { awardContestWinnerBadges } from './badges.service';

/*
 * Badges (decision 050): each rule earns once, at the write that reaches it, judged on the rollups
 * in the same transaction; a switched-off badge is not earned; concurrent writes never earn one
 * twice; streaks count working days; the contest-winner step awards once per contest.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Noon in Oslo on a local day (the companies' default zone). */
const noon = (day: string) => new Date(`${day}T11:00:00Z`);
const at = (day: string) => t.setNow(() => noon(day));

async function post(member: Member, body: unknown): Promise<void> {
  const response = await t.request('/api/v1/activities', { method: 'POST', as: member, json: body });
  if (response.status !== 201) throw new Error(`log failed: ${response.status} ${await response.text()}`);
}
const sale = (member: Member, extra: Record<string, unknown> = {}) => post(member, { kind: 'sale', ticketSize: 1000, ...extra });
const call = (member: Member, extra: Record<string, unknown> = {}) => post(member, { kind: 'call', answered: false, ...extra });
/** A call worth one point (an answered call that moved the deal forward, by the default rules). */
const point = (member: Member) => call(member, { answered: true, outcome: 'moved_forward' });

async function badgesOf(member: Member, as: Member = member): Promise<Badge[]> {
  const response = await t.request(`/api/v1/badges/members/${member.id}`, { as });
  expect(response.status).toBe(200);
  return ((await response.json()) as MemberBadges).badges;
}
const kindsOf = async (member: Member) => (await badgesOf(member)).map((b) => b.kind).sort();

/** History written straight into activities as the member (the rollup trigger sums it): `points` each, `count` rows of `type`. */
async function seedDay(member: Member, day: string, input: { type?: string; count?: number; points?: number }): Promise<void> {
  const { type = 'call_unanswered', count = 1, points = 1 } = input;
  await withTenant(t.db, { companyId: toCompanyId(member.companyId), userId: toUserId(member.id) }, (tx) =>
    tx.execute(sql`INSERT INTO activities (company_id, user_id, type, points_earned, local_date, created_at, updated_at, ticket_size)
      SELECT ${member.companyId}, ${member.id}, ${type}, ${points}, ${day}::date, ${noon(day).toISOString()}::timestamptz,
             ${noon(day).toISOString()}::timestamptz, CASE WHEN ${type} = 'sale' THEN 1000 END
        FROM generate_series(1, ${count})`),
  );
}

async function feedOf(member: Member): Promise<FeedEvent[]> {
  return listFeedEvents(t.db, { companyId: toCompanyId(member.companyId), userId: toUserId(member.id) }, { limit: 100 });
}

async function switchBadge(as: Member, kind: string, enabled: boolean): Promise<Response> {
  return t.request(`/api/v1/badges/settings/${kind}`, { method: 'PUT', as, json: { enabled } });
}

describe('badges earned by rules', () => {
  it('the first sale earns "first sale" once, announced in the feed; a second sale adds nothing', async () => {
    const admin = await t.createMember({ role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });
    at('2026-11-24');
    await call(rep);
    expect(await badgesOf(rep)).toEqual([]);
    await sale(rep);
    const [first] = await badgesOf(rep, admin);
    expect(first).toMatchObject({ userId: rep.id, kind: 'first_sale', occasion: '', localDate: '2026-11-24', data: { sales: 1 } });
    expect(first!.earnedAt).toBe(noon('2026-11-24').toISOString());
    await sale(rep);
    expect(await kindsOf(rep)).toEqual(['first_sale']);
    const events = (await feedOf(rep)).filter((e) => e.kind === 'badge.earned');
    expect(events.map((e) => [e.userId, e.subjectId, e.data])).toEqual([
      [rep.id, first!.id, { badge: 'first_sale', badgeId: first!.id, localDate: '2026-11-24', sales: 1 }],
    ]);
  });

  it('the 10th sale earns "10th sale" at the 10th, not the 9th', async () => {
    const rep = await t.createMember();
    for (let i = 1; i <= 8; i++) await seedDay(rep, `2026-10-${String(i).padStart(2, '0')}`, { type: 'sale' });
    at('2026-11-24');
    const salesKinds = async () => (await kindsOf(rep)).filter((kind) => kind.endsWith('_sale'));
    await sale(rep);
    expect(await salesKinds()).toEqual(['first_sale']); // history from before badges earns at the next sale
    await sale(rep);
    expect(await salesKinds()).toEqual(['first_sale', 'tenth_sale']);
    expect((await badgesOf(rep)).find((b) => b.kind === 'tenth_sale')?.data).toEqual({ sales: 10 });
  });

  it('100 calls in an ISO week earn the weekly badge once per week', async () => {
    const rep = await t.createMember();
    await seedDay(rep, '2026-11-23', { count: 60 }); // Monday of week 48
    await seedDay(rep, '2026-11-24', { count: 38 });
    await seedDay(rep, '2026-11-22', { count: 50 }); // Sunday: week 47
    at('2026-11-25');
    await call(rep);
    expect(await kindsOf(rep)).toEqual([]);
    await call(rep);
    await call(rep);
    const weekly = (await badgesOf(rep)).filter((b) => b.kind === 'hundred_calls_week');
    expect(weekly.map((b) => [b.occasion, b.data])).toEqual([['2026-W48', { calls: 100, week: '2026-W48' }]]);
  });

  it('a personal best day: beating the best of at least 5 earlier days, once per day, also a record broken', async () => {
    const rep = await t.createMember();
    const newcomer = await t.createMember({ companyId: rep.companyId });
    for (const [i, points] of [10, 20, 12, 9, 14].entries()) await seedDay(rep, `2026-11-1${i}`, { points });
    for (const [i, points] of [1, 2].entries()) await seedDay(newcomer, `2026-11-1${i}`, { points });
    at('2026-11-24');
    // The best so far is 20.
    await seedDay(rep, '2026-11-24', { points: 18 });
    await point(rep); // 19 in all
    await point(rep); // 20: equal is not better
    expect(await kindsOf(rep)).toEqual([]);
    await point(rep); // 21
    await point(rep); // 22: the same day's badge is not earned again
    const [best] = await badgesOf(rep);
    expect(best).toMatchObject({ kind: 'personal_best_day', occasion: '2026-11-24', data: { points: 21, previousBest: 20 } });
    const records = (await feedOf(rep)).filter((e) => e.kind === 'record.broken' && e.userId === rep.id);
    expect(records.map((e) => e.data)).toEqual([
      { badge: 'personal_best_day', badgeId: best!.id, localDate: '2026-11-24', points: 21, previousBest: 20 },
    ]);
    // Two earlier days are not enough history for a record.
    for (let i = 0; i < 5; i++) await point(newcomer);
    expect(await kindsOf(newcomer)).toEqual([]);
  });

  it("the team's best month: more points in the month than any member of the team had in a month of the 12 before", async () => {
    const admin = await t.createMember({ role: 'admin' });
    const ada = await t.createMember({ companyId: admin.companyId });
    const bo = await t.createMember({ companyId: admin.companyId });
    const elsewhere = await t.createMember({ companyId: admin.companyId });
    const team = (await (await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'North' } })).json()) as {
      id: string;
    };
    for (const member of [ada, bo]) {
      const put = await t.request(`/api/v1/team/members/${member.id}/team`, { method: 'PUT', as: admin, json: { teamId: team.id } });
      expect(put.status).toBe(200);
    }
    await seedDay(bo, '2026-10-05', { points: 40 }); // the team's record: Bo's October
    await seedDay(ada, '2026-09-07', { points: 30 });
    await seedDay(elsewhere, '2026-10-06', { points: 500 }); // not in the team
    await seedDay(ada, '2026-11-02', { points: 38 });
    at('2026-11-24');
    const monthlyKinds = async () => (await kindsOf(ada)).filter((kind) => kind === 'team_best_month');
    await point(ada); // 39
    await point(ada); // 40: equal
    expect(await monthlyKinds()).toEqual([]);
    await point(ada); // 41
    await point(ada);
    const monthly = (await badgesOf(ada)).filter((b) => b.kind === 'team_best_month');
    expect(monthly.map((b) => [b.occasion, b.data])).toEqual([
      ['2026-11', { points: 41, previousBest: 40, month: '2026-11', teamId: team.id }],
    ]);
    const record = (await feedOf(ada)).find((e) => e.kind === 'record.broken' && e.userId === ada.id);
    expect(record?.teamId).toBe(team.id);
  });

  it('a streak of the daily goal met on 5 working days, across a weekend and a public holiday, earned on the 5th', async () => {
    const rep = await t.createMember();
    const goals = await t.request('/api/v1/goals/me', { method: 'PUT', as: rep, json: { dailyCalls: 2, dailyMeetings: 0, dailySales: 0 } });
    expect(goals.status).toBe(200);
    // Tue 28, Wed 29, Thu 30 April 2026; Friday 1 May is Labour Day in Norway; then the weekend; Mon 4, Tue 5 May.
    for (const day of ['2026-04-28', '2026-04-29', '2026-04-30', '2026-05-04']) {
      at(day);
      await call(rep);
      await call(rep);
    }
    expect(await kindsOf(rep)).toEqual([]);
    at('2026-05-05');
    await call(rep);
    expect(await kindsOf(rep)).toEqual([]); // 1 of 2 calls: today's goal is not met yet
    await call(rep);
    await call(rep);
    const streaks = (await badgesOf(rep)).filter((b) => b.kind === 'goal_streak');
    expect(streaks.map((b) => [b.occasion, b.localDate, b.data])).toEqual([['2026-04-28', '2026-05-05', { days: 5, from: '2026-04-28' }]]);
    // The streak going on earns nothing more.
    at('2026-05-06');
    await call(rep);
    await call(rep);
    expect((await badgesOf(rep)).filter((b) => b.kind === 'goal_streak')).toHaveLength(1);
  });

  it('a missed working day breaks a streak; a company day off does not', async () => {
    const admin = await t.createMember({ role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });
    await t.request('/api/v1/goals/me', { method: 'PUT', as: rep, json: { dailyCalls: 1, dailyMeetings: 0, dailySales: 0 } });
    // Mon 9, Tue 10, (Wed 11 missed), Thu 12, Fri 13, Mon 16 November 2026.
    for (const day of ['2026-11-09', '2026-11-10', '2026-11-12', '2026-11-13']) {
      at(day);
      await call(rep);
    }
    at('2026-11-16');
    await call(rep);
    expect(await kindsOf(rep)).toEqual([]);
    // The company takes Wednesday 11 off: the next write that meets the goal sees one streak of 5.
    const dayOff = await t.request('/api/v1/calendar/days-off', {
      method: 'POST',
      as: admin,
      json: { date: '2026-11-11', label: 'Kick-off' },
    });
    expect(dayOff.status).toBeLessThan(300);
    await call(rep);
    expect((await badgesOf(rep)).map((b) => [b.kind, b.occasion])).toEqual([['goal_streak', '2026-11-09']]);
  });
});

describe('switching badges off', () => {
  it('admins switch a badge off (audited); it is not earned from then on; reps may not switch', async () => {
    const admin = await t.createMember({ role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });
    expect((await switchBadge(rep, 'first_sale', false)).status).toBe(403);
    const off = await switchBadge(admin, 'first_sale', false);
    expect(off.status).toBe(200);
    const settings = (await off.json()) as BadgeSettings;
    expect(settings.badges.find((b) => b.kind === 'first_sale')).toEqual({ kind: 'first_sale', enabled: false });
    expect(settings.badges.filter((b) => b.enabled)).toHaveLength(6);
    const read = (await (await t.request('/api/v1/badges/settings', { as: rep })).json()) as BadgeSettings;
    expect(read).toEqual(settings);

    at('2026-11-24');
    await sale(rep);
    expect(await badgesOf(rep)).toEqual([]);
    // Switched on again: the next sale earns it (the member has a sale).
    expect((await switchBadge(admin, 'first_sale', true)).status).toBe(200);
    await sale(rep);
    expect(await kindsOf(rep)).toEqual(['first_sale']);
    // Switching it off again keeps what was earned.
    await switchBadge(admin, 'first_sale', false);
    await switchBadge(admin, 'first_sale', false); // no change: not audited again
    expect(await kindsOf(rep)).toEqual(['first_sale']);

    const log = (await (await t.request('/api/v1/admin/audit-log?action=badge.switched', { as: admin })).json()) as AuditLogPage;
    // Three changes (the clock stands still here, so their order is not asserted).
    expect(log.entries.map((e) => JSON.stringify(e.details)).sort()).toEqual([
      JSON.stringify({ kind: 'first_sale', enabled: false }),
      JSON.stringify({ kind: 'first_sale', enabled: false }),
      JSON.stringify({ kind: 'first_sale', enabled: true }),
    ]);
  });

  it('refuses a badge that does not exist and a body without enabled', async () => {
    const admin = await t.createMember({ role: 'admin' });
    expect((await switchBadge(admin, 'best_smile', false)).status).toBe(400);
    const response = await t.request('/api/v1/badges/settings/first_sale', { method: 'PUT', as: admin, json: { enabled: 'no' } });
    expect(response.status).toBe(400);
  });
});

describe('never twice under concurrent writes', () => {
  it('many sales logged at once, on different days (no shared day lock), earn each sales badge once', async () => {
    // An admin may log on any earlier day, so the writes do not queue behind one day's lock:
    // only the unique key (member, badge, occasion) with ON CONFLICT DO NOTHING keeps them once.
    const admin = await t.createMember({ role: 'admin' });
    at('2026-11-25');
    const days = Array.from({ length: 14 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);
    await Promise.all(days.map((localDate) => sale(admin, { localDate })));
    await Promise.all(days.map((localDate) => sale(admin, { localDate })));
    const kinds = (await badgesOf(admin)).map((b) => b.kind).filter((k) => k === 'first_sale' || k === 'tenth_sale');
    expect(kinds.sort()).toEqual(['first_sale', 'tenth_sale']);
    const announced = (await feedOf(admin)).filter(
      (e) => e.kind === 'badge.earned' && ['first_sale', 'tenth_sale'].includes(String(e.data.badge)),
    );
    expect(announced).toHaveLength(2);
  });

  it('many calls logged at once in one week earn the weekly badge once', async () => {
    const rep = await t.createMember();
    await seedDay(rep, '2026-11-23', { count: 90 });
    at('2026-11-25');
    await Promise.all(Array.from({ length: 20 }, () => call(rep)));
    expect((await badgesOf(rep)).filter((b) => b.kind === 'hundred_calls_week')).toHaveLength(1);
  });
});

describe('the contest winner', () => {
  it('awardContestWinnerBadges awards each winner once per contest, skips strangers, and announces it', async () => {
    const admin = await t.createMember({ role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });
    const stranger = await t.createMember();
    const companyId = toCompanyId(admin.companyId);
    const scope = { companyId, userId: toUserId(admin.id) };
    const when = new Date('2026-11-30T16:00:00Z');
    const input = { contestId: 'contest-1', winnerUserIds: [rep.id, admin.id, stranger.id], localDate: '2026-11-30' };
    const first = await withTenant(t.db, scope, (tx) => awardContestWinnerBadges(tx, companyId, input, when));
    expect(first.map((b) => [b.userId, b.kind, b.occasion, b.data]).sort()).toEqual(
      [
        [admin.id, 'contest_winner', 'contest-1', { contestId: 'contest-1' }],
        [rep.id, 'contest_winner', 'contest-1', { contestId: 'contest-1' }],
      ].sort(),
    );
    expect(await withTenant(t.db, scope, (tx) => awardContestWinnerBadges(tx, companyId, input, when))).toEqual([]);
    expect(await badgesOf(stranger)).toEqual([]);
    const announced = (await feedOf(rep)).filter((e) => e.kind === 'badge.earned' && e.data.badge === 'contest_winner');
    expect(announced.map((e) => e.userId).sort()).toEqual([admin.id, rep.id].sort());

    // Another contest is another occasion; a switched-off badge is not awarded.
    const next = { ...input, contestId: 'contest-2' };
    expect(await withTenant(t.db, scope, (tx) => awardContestWinnerBadges(tx, companyId, next, when))).toHaveLength(2);
    await switchBadge(admin, 'contest_winner', false);
    const third = { ...input, contestId: 'contest-3' };
    expect(await withTenant(t.db, scope, (tx) => awardContestWinnerBadges(tx, companyId, third, when))).toEqual([]);
  });
});

describe('where badges are read', () => {
  it("a member's badges newest first; the recent ones per member for the boards and the TV's rows", async () => {
    const admin = await t.createMember({ role: 'admin' });
    const rep = await t.createMember({ companyId: admin.companyId });
    await seedDay(rep, '2026-11-02', { type: 'sale', count: 9 });
    at('2026-11-24');
    await sale(rep);
    const badges = await badgesOf(rep, admin);
    expect(badges.map((b) => b.kind).sort()).toEqual(['first_sale', 'tenth_sale']);

    const recent = (await (await t.request('/api/v1/badges/recent', { as: admin })).json()) as RecentBadges;
    expect(recent.members).toEqual([
      {
        userId: rep.id,
        badges: expect.arrayContaining([
          { kind: 'first_sale', count: 1, lastEarnedAt: noon('2026-11-24').toISOString() },
          { kind: 'tenth_sale', count: 1, lastEarnedAt: noon('2026-11-24').toISOString() },
        ]),
      },
    ]);
    // Thirty days later they are no longer recent.
    at('2026-12-25');
    expect(((await (await t.request('/api/v1/badges/recent', { as: admin })).json()) as RecentBadges).members).toEqual([]);

    at('2026-11-24');
    const link = (await (await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name: 'Wall' } })).json()) as {
      token: string;
    };
    const board = (await (await t.request(`/api/v1/display/${link.token}/leaderboard`)).json()) as DisplayLeaderboard;
    expect(board.rows.map((r) => r.userId)).toContain(rep.id);
    expect(
      board.badges
        .find((m) => m.userId === rep.id)
        ?.badges.map((b) => b.kind)
        .sort(),
    ).toEqual(['first_sale', 'tenth_sale']);
  });

  it("another company's members read nothing of this company's badges", async () => {
    const rep = await t.createMember();
    at('2026-11-24');
    await sale(rep);
    const outsider = await t.createMember({ role: 'admin' });
    expect((await t.request(`/api/v1/badges/members/${rep.id}`, { as: outsider })).status).toBe(404);
    expect(((await (await t.request('/api/v1/badges/recent', { as: outsider })).json()) as RecentBadges).members).toEqual([]);
  });
});
