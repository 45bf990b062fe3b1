import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  AuditLogPage,
  ContestStandings,
  CreatedDisplayLink,
  DisplayLeaderboard,
  Leaderboard,
  Me,
  MonthlyOverview,
  TeamMember,
  TeamStats,
  WeeklyOverview,
} from '@core/contracts';
import { toLocalDate } from '@core/period';
import { createTestApp, type TestApp } from '../../test/test-app';
import { summarizeDayForChat } from '../chat/chat.service';

/*
 * A manager who does not sell is left off the boards (decision 081): no leaderboard, contest among
 * everyone, wall, daily summary or leaderboard export ranks them at 0, their own logging still counts
 * in the company's totals, and an admin switches it per member (audited; the server decides).
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// Wednesday 25 November 2026, 10:00 in Oslo, for every test.
beforeEach(() => t.setNow(() => new Date('2026-11-25T09:00:00Z')));
afterEach(() => t.setNow(() => new Date()));
afterAll(() => t.close());

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

const setBoards = (as: Member, userId: string, onBoards: unknown) =>
  t.request(`/api/v1/team/members/${userId}/boards`, { method: 'PATCH', as, json: { onBoards } });
const call = (as: Member) =>
  t.request('/api/v1/activities', { method: 'POST', as, json: { kind: 'call', answered: true, outcome: 'no_progress' } });
const namesOf = (rows: readonly { displayName: string | null }[]) => rows.map((row) => row.displayName);

describe('a member left off the boards', () => {
  let boss: Member;
  let kari: Member;
  let ola: Member;
  beforeAll(async () => {
    t.setNow(() => new Date('2026-11-25T09:00:00Z'));
    boss = await t.createMember({ role: 'admin', name: 'Berit Boss' });
    kari = await t.createMember({ companyId: boss.companyId, name: 'Kari Nordmann' });
    ola = await t.createMember({ companyId: boss.companyId, name: 'Ola Hansen' });
    await ok(await call(kari), 201);
    await ok(await call(kari), 201);
    // The manager logs one call of their own: it stays in the company's totals.
    await ok(await call(boss), 201);
  });

  it('is on the boards by default, and only an admin changes it (a rep cannot, for anyone)', async () => {
    const members = await ok<{ members: TeamMember[] }>(await t.request('/api/v1/team/members', { as: kari }));
    expect(members.members.map((m) => m.onBoards)).toEqual([true, true, true]);
    expect((await setBoards(kari, kari.id, false)).status).toBe(403);
    expect((await setBoards(kari, boss.id, false)).status).toBe(403);
    expect((await setBoards(boss, 'no-such-member', false)).status).toBe(404);
    expect((await setBoards(boss, boss.id, 'no')).status).toBe(400);
    const stranger = await t.createMember({ role: 'admin', name: 'Other Admin' });
    expect((await setBoards(stranger, boss.id, false)).status).toBe(404);
  });

  it('an admin leaves themself off: /me, the members list and the audit log say so', async () => {
    const changed = await ok<TeamMember>(await setBoards(boss, boss.id, false));
    expect(changed).toMatchObject({ userId: boss.id, onBoards: false });
    const me = await ok<Me>(await t.request('/api/v1/me', { as: boss }));
    expect(me.profile?.onBoards).toBe(false);
    const audit = await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?action=member.boards_changed', { as: boss }));
    expect(audit.entries.map((e) => [e.action, e.target?.id, e.details])).toEqual([
      ['member.boards_changed', boss.id, { onBoards: false }],
    ]);
    // Saying it again changes nothing and writes nothing.
    await ok(await setBoards(boss, boss.id, false));
    const again = await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?action=member.boards_changed', { as: boss }));
    expect(again.entries).toHaveLength(1);
  });

  it('no leaderboard ranks them (day, week, month, team stats); their call still counts in the totals', async () => {
    const day = await ok<Leaderboard>(await t.request('/api/v1/scoreboard/leaderboard?period=today&sort=points', { as: kari }));
    expect(namesOf(day.rows)).toEqual(['Kari Nordmann', 'Ola Hansen']);
    const weekly = await ok<WeeklyOverview>(await t.request('/api/v1/scoreboard/weekly', { as: kari }));
    expect(namesOf(weekly.members)).toEqual(['Kari Nordmann', 'Ola Hansen']);
    expect(weekly.teamSize).toBe(2);
    expect(weekly.totals.calls).toBe(3);
    const monthly = await ok<MonthlyOverview>(await t.request('/api/v1/scoreboard/monthly', { as: boss }));
    expect(namesOf(monthly.company.leaderboard)).toEqual(['Kari Nordmann', 'Ola Hansen']);
    expect(monthly.individual.calls).toBe(1);
    const stats = await ok<TeamStats>(await t.request('/api/v1/scoreboard/team-stats?period=today', { as: boss }));
    expect(namesOf(stats.members)).toEqual(['Kari Nordmann', 'Ola Hansen']);
    expect(stats.totals.calls).toBe(3);
  });

  it('the wall and the leaderboard export leave them off too', async () => {
    const link = await ok<CreatedDisplayLink>(
      await t.request('/api/v1/display-links', { method: 'POST', as: boss, json: { name: 'Office TV' } }),
      201,
    );
    // The wall shows who logged anything today: Kari, not the manager's one call.
    const wall = await ok<DisplayLeaderboard>(await t.request(`/api/v1/display/${link.token}/leaderboard`));
    expect(namesOf(wall.rows)).toEqual(['Kari Nordmann']);
    const csv = await (await t.request('/api/v1/exports/leaderboard?period=today', { as: boss })).text();
    expect(csv).toContain('Kari Nordmann');
    expect(csv).not.toContain('Berit Boss');
  });

  it('a contest among everyone leaves them out; chosen by name, they take part', async () => {
    const body = {
      name: 'Call sprint',
      startsOn: '2026-11-25',
      endsOn: '2026-12-01',
      mode: 'individual',
      weights: [{ metric: 'calls', weight: 1 }],
    };
    const everyone = await ok<{ id: string }>(
      await t.request('/api/v1/contests', { method: 'POST', as: boss, json: { ...body, participants: 'everyone' } }),
      201,
    );
    const standings = await ok<ContestStandings>(await t.request(`/api/v1/contests/${everyone.id}`, { as: ola }));
    expect(standings.standings.map((s) => s.name)).toEqual(['Kari Nordmann', 'Ola Hansen']);
    const chosen = await ok<{ id: string }>(
      await t.request('/api/v1/contests', {
        method: 'POST',
        as: boss,
        json: { ...body, name: 'Boss versus Kari', participants: 'people', userIds: [boss.id, kari.id] },
      }),
      201,
    );
    const duel = await ok<ContestStandings>(await t.request(`/api/v1/contests/${chosen.id}`, { as: ola }));
    expect(duel.standings.map((s) => [s.name, s.score])).toEqual([
      ['Kari Nordmann', 2],
      ['Berit Boss', 1],
    ]);
  });

  it("the daily summary neither ranks them nor names them among those who logged nothing; the team's totals keep their call", async () => {
    await ok(await setBoards(boss, ola.id, false));
    const { message } = await summarizeDayForChat(t.db, boss.companyId, toLocalDate('2026-11-25'));
    // Ola logged nothing but is off the boards too: nobody is named as idle.
    expect(message).toMatchObject({ idle: [], totals: { calls: 3 } });
    await ok(await setBoards(boss, ola.id, true));
    const withOla = await summarizeDayForChat(t.db, boss.companyId, toLocalDate('2026-11-25'));
    expect(withOla.message).toMatchObject({ idle: ['Ola Hansen'] });
  });

  it('put back on the boards, they are ranked again with their history', async () => {
    await ok(await setBoards(boss, boss.id, true));
    const day = await ok<Leaderboard>(await t.request('/api/v1/scoreboard/leaderboard?period=today&sort=calls', { as: kari }));
    expect(day.rows.map((row) => [row.displayName, row.calls])).toEqual([
      ['Kari Nordmann', 2],
      ['Berit Boss', 1],
      ['Ola Hansen', 0],
    ]);
  });
});
