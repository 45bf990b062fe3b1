import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiError,
  CompanyKpis,
  CompanyPage,
  Leaderboard,
  MonthlyOverview,
  RecentActivities,
  Team,
  TeamComparison,
  TeamList,
  TeamMemberList,
  TeamStats,
  WeeklyOverview,
} from '@core/contracts';
import { seedActivity } from '../../seed/activities';
import { toCompanyId, toUserId } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { canActorManageMember, listManagedMemberIds } from './teams.service';

/*
 * Teams (decision 040): admins shape them, everyone lists them, leads manage their people, and
 * every board filtered to a team shows exactly its people's numbers.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let lead: Member; // leads Oslo, in no team
let ola: Member; // Oslo
let oda: Member; // Oslo
let bea: Member; // Bergen
let nils: Member; // in no team
let outsider: Member; // another company's admin

const NOW = new Date('2026-11-24T12:00:00Z');
const TZ = 'Europe/Oslo';

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;
async function ok<T>(response: Response): Promise<T> {
  if (response.status >= 300) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const get = <T>(as: Member, path: string) => t.request(path, { as }).then((r) => ok<T>(r));
const createTeam = (as: Member, name: unknown) => t.request('/api/v1/teams', { method: 'POST', as, json: { name } });
const assign = (as: Member, userId: string, teamId: string | null) =>
  t.request(`/api/v1/team/members/${userId}/team`, { method: 'PUT', as, json: { teamId } });
const setLeads = (as: Member, teamId: string, userIds: string[]) =>
  t.request(`/api/v1/teams/${teamId}/leads`, { method: 'PUT', as, json: { userIds } });

const actorOf = (member: Member) => ({
  userId: toUserId(member.id),
  companyId: toCompanyId(member.companyId),
  role: (member === admin ? 'admin' : 'user') as 'admin' | 'user',
  timezone: TZ,
});

let oslo: Team;
let bergen: Team;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(() => NOW);
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  const companyId = admin.companyId;
  lead = await t.createMember({ companyId, name: 'Lea Lead' });
  ola = await t.createMember({ companyId, name: 'Ola Oslo' });
  oda = await t.createMember({ companyId, name: 'Oda Oslo' });
  bea = await t.createMember({ companyId, name: 'Bea Bergen' });
  nils = await t.createMember({ companyId, name: 'Nils None' });
  outsider = await t.createMember({ role: 'admin', name: 'Otto Outsider' });
  oslo = await ok<Team>(await createTeam(admin, 'Oslo'));
  bergen = await ok<Team>(await createTeam(admin, '  Bergen '));
  for (const [member, team] of [
    [ola, oslo],
    [oda, oslo],
    [bea, bergen],
  ] as const) {
    expect((await assign(admin, member.id, team.id)).status).toBe(200);
  }
  await ok(await setLeads(admin, oslo.id, [lead.id]));
  // Today's numbers (sales carry points and value, so every total differs per person).
  const log = (member: Member, type: 'call_unanswered' | 'sale' | 'meeting', at = NOW) =>
    seedActivity(t.db, {
      companyId: member.companyId,
      userId: member.id,
      at: new Date(at.getTime() - 60_000),
      timezone: TZ,
      ...(type === 'sale' ? { type, ticketSize: 100_00 as never } : { type }),
    });
  await log(ola, 'call_unanswered');
  await log(ola, 'sale');
  await log(oda, 'call_unanswered');
  await log(oda, 'call_unanswered');
  await log(bea, 'meeting');
  await log(bea, 'call_unanswered');
  await log(nils, 'call_unanswered');
  await log(admin, 'sale');
  await log(outsider, 'sale');
});
afterAll(() => t.close());

describe('teams', () => {
  it('any member lists the teams by name, with their members and leads', async () => {
    const { teams } = await get<TeamList>(nils, '/api/v1/teams');
    expect(teams.map((team) => team.name)).toEqual(['Bergen', 'Oslo']);
    const listedOslo = teams.find((team) => team.id === oslo.id)!;
    expect(listedOslo.members.map((m) => m.displayName)).toEqual(['Oda Oslo', 'Ola Oslo']);
    expect(listedOslo.leads.map((m) => m.displayName)).toEqual(['Lea Lead']);
    expect((await get<TeamList>(outsider, '/api/v1/teams')).teams).toEqual([]);
  });

  it("the members list tells each member's team", async () => {
    const { members } = await get<TeamMemberList>(admin, '/api/v1/team/members');
    expect(Object.fromEntries(members.map((m) => [m.displayName, m.teamId]))).toMatchObject({
      'Ola Oslo': oslo.id,
      'Bea Bergen': bergen.id,
      'Nils None': null,
    });
  });

  it('names are unique per company, case-insensitively, and validated', async () => {
    const taken = await createTeam(admin, 'OSLO');
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).code).toBe('team_exists');
    const empty = await createTeam(admin, '   ');
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).details).toHaveProperty('name');
    expect((await createTeam(admin, 'x'.repeat(61))).status).toBe(400);
    // Another company may have its own Oslo.
    expect((await createTeam(outsider, 'Oslo')).status).toBe(201);
  });

  it('an admin renames and deletes a team; its members are left without one and its leads lead it no more', async () => {
    const inbound = await ok<Team>(await createTeam(admin, 'Inbound'));
    const spare = await t.createMember({ companyId: admin.companyId, name: 'Sam Spare' });
    await ok(await assign(admin, spare.id, inbound.id));
    await ok(await setLeads(admin, inbound.id, [spare.id]));
    const renamed = await ok<Team>(
      await t.request(`/api/v1/teams/${inbound.id}`, { method: 'PATCH', as: admin, json: { name: 'Inbound sales' } }),
    );
    expect(renamed).toMatchObject({ name: 'Inbound sales', members: [{ userId: spare.id }], leads: [{ userId: spare.id }] });
    const clash = await t.request(`/api/v1/teams/${inbound.id}`, { method: 'PATCH', as: admin, json: { name: 'bergen' } });
    expect(clash.status).toBe(409);
    expect((await t.request(`/api/v1/teams/${inbound.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    const { members } = await get<TeamMemberList>(admin, '/api/v1/team/members');
    expect(members.find((m) => m.userId === spare.id)!.teamId).toBeNull();
    expect((await get<TeamList>(admin, '/api/v1/teams')).teams.map((team) => team.name)).toEqual(['Bergen', 'Oslo']);
    expect(await listManagedMemberIds(t.deps, actorOf(spare as Member))).toEqual([spare.id]);
    expect((await t.request(`/api/v1/teams/${inbound.id}`, { method: 'DELETE', as: admin })).status).toBe(404);
  });

  it('only admins change teams; a lead or a rep is refused and nothing changes', async () => {
    for (const as of [lead, ola]) {
      expect((await createTeam(as, 'Mine')).status).toBe(403);
      expect((await assign(as, nils.id, oslo.id)).status).toBe(403);
      expect((await setLeads(as, oslo.id, [as.id])).status).toBe(403);
      expect((await t.request(`/api/v1/teams/${oslo.id}`, { method: 'DELETE', as })).status).toBe(403);
    }
    const listedOslo = (await get<TeamList>(admin, '/api/v1/teams')).teams.find((team) => team.id === oslo.id)!;
    expect(listedOslo.members.map((m) => m.userId).sort()).toEqual([ola.id, oda.id].sort());
  });

  it("another company's team and members are out of reach: 404, nothing moves", async () => {
    const theirs = (await get<TeamList>(outsider, '/api/v1/teams')).teams[0]!;
    expect((await assign(admin, nils.id, theirs.id)).status).toBe(404);
    expect((await assign(admin, outsider.id, oslo.id)).status).toBe(404);
    expect((await assign(outsider, ola.id, theirs.id)).status).toBe(404);
    expect((await setLeads(outsider, oslo.id, [])).status).toBe(404);
    expect((await setLeads(admin, oslo.id, [outsider.id])).status).toBe(400);
    expect((await t.request(`/api/v1/teams/${oslo.id}`, { method: 'PATCH', as: outsider, json: { name: 'Taken' } })).status).toBe(404);
    expect((await t.request(`/api/v1/teams/${oslo.id}`, { method: 'DELETE', as: outsider })).status).toBe(404);
    expect((await assign(admin, ola.id, 'not-a-uuid' as never)).status).toBe(400);
    const { members } = await get<TeamMemberList>(admin, '/api/v1/team/members');
    expect(members.find((m) => m.userId === ola.id)!.teamId).toBe(oslo.id);
  });
});

describe('who manages whom', () => {
  it('an admin manages everyone; a lead the members of the teams they lead and themselves; a rep only themselves', async () => {
    const sorted = (ids: string[]) => [...ids].sort();
    const everyone = (await get<TeamMemberList>(admin, '/api/v1/team/members')).members.map((m) => m.userId);
    expect(sorted(await listManagedMemberIds(t.deps, actorOf(admin)))).toEqual(sorted(everyone));
    expect(sorted(await listManagedMemberIds(t.deps, actorOf(lead)))).toEqual(sorted([lead.id, ola.id, oda.id]));
    expect(await listManagedMemberIds(t.deps, actorOf(bea))).toEqual([bea.id]);
    expect(await canActorManageMember(t.deps, actorOf(lead), ola.id)).toBe(true);
    expect(await canActorManageMember(t.deps, actorOf(lead), bea.id)).toBe(false);
    expect(await canActorManageMember(t.deps, actorOf(ola), oda.id)).toBe(false);
    expect(await canActorManageMember(t.deps, actorOf(admin), outsider.id)).toBe(false);
  });
});

describe('boards filtered to a team', () => {
  const q = (teamId: string | null, rest = '') => `${rest}${teamId ? `${rest ? '&' : ''}teamId=${teamId}` : ''}`;

  it('the leaderboard and team stats show only the team, and the teams add up to the company for the people in teams', async () => {
    const board = await get<Leaderboard>(nils, `/api/v1/scoreboard/leaderboard?${q(oslo.id, 'period=today')}`);
    expect(board.rows.map((row) => row.displayName).sort()).toEqual(['Oda Oslo', 'Ola Oslo']);
    const stats = (teamId: string | null) => get<TeamStats>(nils, `/api/v1/scoreboard/team-stats?${q(teamId, 'period=today')}`);
    const [all, inOslo, inBergen] = await Promise.all([stats(null), stats(oslo.id), stats(bergen.id)]);
    expect(inOslo.members.map((m) => m.userId).sort()).toEqual([ola.id, oda.id].sort());
    const inTeams = all.members.filter((m) => [ola.id, oda.id, bea.id].some((id) => id === m.userId));
    for (const key of ['calls', 'meetings', 'sales', 'revenue', 'points', 'activities'] as const) {
      expect(inOslo.totals[key] + inBergen.totals[key], key).toBe(inTeams.reduce((sum, m) => sum + m[key], 0));
    }
    expect(inOslo.totals).toMatchObject({ calls: 3, sales: 1, revenue: 100_00 });
  });

  it('the KPIs, the week, the month, the feed and the company page follow the filter', async () => {
    const kpis = await get<CompanyKpis>(ola, `/api/v1/scoreboard/kpis?teamId=${bergen.id}`);
    expect(kpis.calls.today).toBe(1);
    expect(kpis.sales.today).toBe(0);
    const week = await get<WeeklyOverview>(ola, `/api/v1/scoreboard/weekly?teamId=${bergen.id}`);
    expect(week.members.map((m) => m.userId)).toEqual([bea.id]);
    expect(week.totals.calls).toBe(1);
    // Ola's own month stays Ola's, filtered to a team Ola is not in; the company side is Bergen's.
    const month = await get<MonthlyOverview>(ola, `/api/v1/scoreboard/monthly?teamId=${bergen.id}`);
    expect(month.individual).toMatchObject({ calls: 1, sales: 1 });
    expect(month.company.totals).toMatchObject({ calls: 1, sales: 0, meetings: 0 });
    expect(month.company.leaderboard.map((row) => row.userId)).toEqual([bea.id]);
    expect(month.trend.reduce((sum, day) => sum + day.calls, 0)).toBe(1);
    const feed = await get<RecentActivities>(ola, `/api/v1/scoreboard/recent-activities?teamId=${oslo.id}&limit=50`);
    expect(new Set(feed.activities.map((a) => a.userId))).toEqual(new Set([ola.id, oda.id]));
    const company = await get<CompanyPage>(ola, `/api/v1/scoreboard/company?teamId=${oslo.id}`);
    expect(company.members.map((m) => m.userId).sort()).toEqual([ola.id, oda.id].sort());
  });

  it("another company's team is a 404 on every board, and a malformed id a 400", async () => {
    const theirs = (await get<TeamList>(outsider, '/api/v1/teams')).teams[0]!;
    for (const path of [
      `/api/v1/scoreboard/leaderboard?teamId=${theirs.id}`,
      `/api/v1/scoreboard/team-stats?teamId=${theirs.id}`,
      `/api/v1/scoreboard/kpis?teamId=${theirs.id}`,
      `/api/v1/scoreboard/weekly?teamId=${theirs.id}`,
      `/api/v1/scoreboard/monthly?teamId=${theirs.id}`,
      `/api/v1/scoreboard/company?teamId=${theirs.id}`,
    ]) {
      const response = await t.request(path, { as: ola });
      expect(response.status, path).toBe(404);
      expect(JSON.stringify(await response.json())).not.toContain(outsider.id);
    }
    const feed = await get<RecentActivities>(ola, `/api/v1/scoreboard/recent-activities?teamId=${theirs.id}`);
    expect(feed.activities).toEqual([]);
    expect((await t.request('/api/v1/scoreboard/leaderboard?teamId=oslo', { as: ola })).status).toBe(400);
  });

  it('the company compares its teams side by side: totals and per-head averages, then the members in no team', async () => {
    const comparison = await get<TeamComparison>(nils, '/api/v1/scoreboard/teams?period=today');
    // In no team: Ada, Lea (she leads Oslo without being in it), Nils, and Sam (his team was deleted above).
    expect(comparison.teams.map((row) => [row.name, row.memberCount])).toEqual([
      ['Bergen', 1],
      ['Oslo', 2],
      [null, 4],
    ]);
    const osloRow = comparison.teams.find((row) => row.teamId === oslo.id)!;
    expect(osloRow.totals).toMatchObject({ calls: 3, sales: 1, revenue: 100_00 });
    expect(osloRow.perHead).toMatchObject({ calls: 1.5, sales: 0.5, revenue: 50_00 });
    const all = await get<TeamStats>(nils, '/api/v1/scoreboard/team-stats?period=today');
    expect(comparison.teams.reduce((sum, row) => sum + row.totals.calls, 0)).toBe(all.totals.calls);
    expect(comparison.teams.reduce((sum, row) => sum + row.totals.points, 0)).toBe(all.totals.points);

    // Lea left off the boards, with nothing logged today, is not one of the members in no team (a
    // manager who does not sell read as "No team: 1 member, 0 per member"); Ada, with a sale, would be.
    // In a team she would not lower its figure per member either.
    const setBoards = (onBoards: boolean) =>
      t.request(`/api/v1/team/members/${lead.id}/boards`, { method: 'PATCH', as: admin, json: { onBoards } });
    const noTeam = (c: TeamComparison) => c.teams.find((row) => row.teamId === null);
    expect((await setBoards(false)).status).toBe(200);
    try {
      const without = await get<TeamComparison>(nils, '/api/v1/scoreboard/teams?period=today');
      expect(noTeam(without)?.memberCount).toBe(3);
      expect(noTeam(without)?.totals).toEqual(noTeam(comparison)?.totals);
      await t.request(`/api/v1/team/members/${lead.id}/team`, { method: 'PUT', as: admin, json: { teamId: bergen.id } });
      const inBergen = await get<TeamComparison>(nils, '/api/v1/scoreboard/teams?period=today');
      expect(inBergen.teams.find((row) => row.teamId === bergen.id)).toMatchObject({ memberCount: 1, perHead: { calls: 1 } });
    } finally {
      await t.request(`/api/v1/team/members/${lead.id}/team`, { method: 'PUT', as: admin, json: { teamId: null } });
      await setBoards(true);
    }
  });
});
