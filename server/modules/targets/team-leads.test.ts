import type { AuditLogPage, Goals, MyTargets, Target, TargetList, TargetSubjects, TeamGoals } from '@core/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toCompanyId, toUserId, withTenant } from '../../db/tenant';
import { randomPassword } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * Team leads' rights and team targets (decision 044): a lead sets targets and goals for the teams
 * they lead and those teams' people, never another team's nor their own; a team's target counts
 * its members' totals; the database's policies agree with the server; every change is audited.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;
type ErrorBody = { error: { code: string; message: string } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.setNow(() => new Date()));
afterAll(() => t.close());

const at = (iso: string) => t.setNow(() => new Date(iso));

async function ok<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** A company with two teams, Oslo (led by `lead`, with rep and peer) and Bergen (led by `bergenLead`, with `stranger`). */
async function company() {
  const admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  const companyId = admin.companyId;
  const [lead, rep, peer, stranger, bergenLead, loner] = [
    await t.createMember({ companyId, name: 'Lea Lead' }),
    await t.createMember({ companyId, name: 'Rita Rep' }),
    await t.createMember({ companyId, name: 'Per Peer' }),
    await t.createMember({ companyId, name: 'Sven Stranger' }),
    await t.createMember({ companyId, name: 'Bo Bergen' }),
    await t.createMember({ companyId, name: 'Nina Nobody' }),
  ];
  const oslo = await ok<{ id: string }>(await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Oslo' } }), 201);
  const bergen = await ok<{ id: string }>(await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Bergen' } }), 201);
  for (const [member, team] of [
    [lead, oslo],
    [rep, oslo],
    [peer, oslo],
    [stranger, bergen],
  ] as const) {
    await ok(await t.request(`/api/v1/team/members/${member.id}/team`, { method: 'PUT', as: admin, json: { teamId: team.id } }));
  }
  await ok(await t.request(`/api/v1/teams/${oslo.id}/leads`, { method: 'PUT', as: admin, json: { userIds: [lead.id] } }));
  await ok(await t.request(`/api/v1/teams/${bergen.id}/leads`, { method: 'PUT', as: admin, json: { userIds: [bergenLead.id] } }));
  return { admin, lead, rep, peer, stranger, bergenLead, loner, oslo, bergen };
}

const weekly = (subject: { userId: string } | { teamId: string }, value = 20, effectiveFrom = '2026-11-23') => ({
  ...subject,
  metric: 'calls',
  period: 'week',
  value,
  effectiveFrom,
});

/** A statement the row-level security policies refuse (drizzle wraps the driver's error as its cause). */
async function expectRefusedByPolicy(statement: Promise<unknown>): Promise<void> {
  const error = await statement.then(
    () => null,
    (e: unknown) => e as Error & { cause?: Error },
  );
  expect(error, 'the statement went through').not.toBeNull();
  expect(`${error!.message} ${error!.cause?.message ?? ''}`).toMatch(/row-level security/);
}

const post = (as: Member, json: unknown) => t.request('/api/v1/targets', { method: 'POST', as, json });

async function logCalls(rep: Member, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await ok(await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'call', answered: false } }), 201);
  }
}

describe('a team lead and targets', () => {
  it("sets, lists and ends targets for their team and its people; another team's, their own and a rep's attempts are refused", async () => {
    const c = await company();
    at('2026-11-23T09:00:00Z');

    const forRep = await ok<Target>(await post(c.lead, weekly({ userId: c.rep.id })), 201);
    const forTeam = await ok<Target>(await post(c.lead, weekly({ teamId: c.oslo.id }, 300)), 201);
    expect(forRep).toMatchObject({ subjectKind: 'person', userId: c.rep.id, teamId: null, status: 'active' });
    expect(forTeam).toMatchObject({ subjectKind: 'team', userId: null, teamId: c.oslo.id, value: 300 });

    // Another team's member, another team, themselves, someone in no team: 403; no such member: 404.
    for (const json of [
      weekly({ userId: c.stranger.id }),
      weekly({ teamId: c.bergen.id }),
      weekly({ userId: c.lead.id }),
      weekly({ userId: c.loner.id }),
    ]) {
      const response = await post(c.lead, json);
      expect(response.status, JSON.stringify(json)).toBe(403);
      expect(((await response.json()) as ErrorBody).error.code).toBe('forbidden');
    }
    expect((await post(c.lead, weekly({ userId: 'nobody-at-all' }))).status).toBe(404);
    expect((await post(c.lead, weekly({ teamId: crypto.randomUUID() }))).status).toBe(404);
    // A person and a team at once, or neither: a 400 with the field named.
    expect((await post(c.lead, { ...weekly({ userId: c.rep.id }), teamId: c.oslo.id })).status).toBe(400);
    expect((await post(c.lead, { metric: 'calls', period: 'week', value: 5, effectiveFrom: '2026-11-23' })).status).toBe(400);

    // A rep of the team (who leads nothing) is refused everything, their own team's too.
    for (const json of [weekly({ userId: c.peer.id }), weekly({ teamId: c.oslo.id })]) expect((await post(c.rep, json)).status).toBe(403);
    expect((await t.request('/api/v1/targets', { as: c.rep })).status).toBe(403);
    expect((await t.request('/api/v1/targets/subjects', { as: c.rep })).status).toBe(403);
    expect((await t.request(`/api/v1/targets/${forRep.id}/end`, { method: 'POST', as: c.rep })).status).toBe(403);

    // The admin's target for Bergen's member: the Oslo lead neither lists nor ends it; Bergen's lead does both.
    const bergenTarget = await ok<Target>(await post(c.admin, weekly({ userId: c.stranger.id }, 40)), 201);
    const leadList = await ok<TargetList>(await t.request('/api/v1/targets', { as: c.lead }));
    expect(leadList.targets.map((x) => x.id).sort()).toEqual([forRep.id, forTeam.id].sort());
    expect((await t.request(`/api/v1/targets?userId=${c.stranger.id}`, { as: c.lead })).status).toBe(403);
    expect((await t.request(`/api/v1/targets?teamId=${c.bergen.id}`, { as: c.lead })).status).toBe(403);
    expect((await ok<TargetList>(await t.request(`/api/v1/targets?teamId=${c.oslo.id}`, { as: c.lead }))).targets).toHaveLength(1);
    expect((await t.request(`/api/v1/targets/${bergenTarget.id}/end`, { method: 'POST', as: c.lead })).status).toBe(403);
    expect((await ok<TargetList>(await t.request('/api/v1/targets', { as: c.bergenLead }))).targets.map((x) => x.id)).toEqual([
      bergenTarget.id,
    ]);

    // The admin lists everything.
    const all = await ok<TargetList>(await t.request('/api/v1/targets', { as: c.admin }));
    expect(all.targets.map((x) => x.id).sort()).toEqual([forRep.id, forTeam.id, bergenTarget.id].sort());

    // Ending: in force since today's start, so it is removed rather than ended.
    at('2026-11-25T09:00:00Z');
    const ended = await ok<Target>(await t.request(`/api/v1/targets/${forTeam.id}/end`, { method: 'POST', as: c.lead }));
    expect(ended).toMatchObject({ status: 'ended', endsOn: '2026-11-25' });
  });

  it('offers the lead their teams and their people to choose from, and an admin everyone', async () => {
    const c = await company();
    const mine = await ok<TargetSubjects>(await t.request('/api/v1/targets/subjects', { as: c.lead }));
    expect(mine.teams.map((team) => team.name)).toEqual(['Oslo']);
    expect(mine.members.map((m) => m.displayName)).toEqual(['Per Peer', 'Rita Rep']);
    expect(mine.members.every((m) => m.teamId === c.oslo.id)).toBe(true);
    const everything = await ok<TargetSubjects>(await t.request('/api/v1/targets/subjects', { as: c.admin }));
    expect(everything.teams.map((team) => team.name)).toEqual(['Bergen', 'Oslo']);
    expect(everything.members).toHaveLength(7);
  });

  it("the database agrees: as the lead, a row for another team's member, another team or themselves is refused", async () => {
    const c = await company();
    const scope = { companyId: toCompanyId(c.admin.companyId), userId: toUserId(c.lead.id) };
    const insert = (subject: 'person' | 'team', userId: string | null, teamId: string | null) =>
      withTenant(t.db, scope, (tx) =>
        tx.execute(sql`INSERT INTO targets (company_id, subject_kind, user_id, team_id, metric, period, value, effective_from)
                       VALUES (${c.admin.companyId}, ${subject}, ${userId}, ${teamId}, 'calls', 'week', 5, '2030-01-07')`),
      );
    await expectRefusedByPolicy(insert('person', c.stranger.id, null));
    await expectRefusedByPolicy(insert('team', null, c.bergen.id));
    await expectRefusedByPolicy(insert('person', c.lead.id, null));
    await insert('person', c.rep.id, null);
    await insert('team', null, c.oslo.id);
    // A rep writes no targets at all, and no one's goals but their own.
    const repScope = { companyId: toCompanyId(c.admin.companyId), userId: toUserId(c.rep.id) };
    await expectRefusedByPolicy(
      withTenant(t.db, repScope, (tx) =>
        tx.execute(sql`INSERT INTO targets (company_id, subject_kind, user_id, metric, period, value, effective_from)
                       VALUES (${c.admin.companyId}, 'person', ${c.rep.id}, 'calls', 'week', 5, '2030-01-14')`),
      ),
    );
    const goalsOf = (as: typeof scope, userId: string) =>
      withTenant(t.db, as, (tx) =>
        tx.execute(sql`INSERT INTO goals (company_id, user_id, daily_calls) VALUES (${c.admin.companyId}, ${userId}, 9)
                       ON CONFLICT (company_id, user_id) DO UPDATE SET daily_calls = 9`),
      );
    await expectRefusedByPolicy(goalsOf(repScope, c.peer.id));
    await expectRefusedByPolicy(goalsOf(scope, c.stranger.id));
    await goalsOf(scope, c.rep.id);
  });
});

describe("a team's target", () => {
  it("counts the team's members' totals, with pace, and shows beside the rep's own targets", async () => {
    const c = await company();
    at('2026-11-23T08:00:00Z'); // Monday 09:00 in Oslo
    await ok(await post(c.lead, weekly({ teamId: c.oslo.id }, 100)), 201);
    await ok(await post(c.lead, weekly({ userId: c.rep.id }, 20)), 201);
    at('2026-11-25T11:00:00Z'); // Wednesday 12:00: 2.5 of 5 working days gone
    await logCalls(c.rep, 10);
    await logCalls(c.peer, 30);
    await logCalls(c.stranger, 50); // Bergen: not Oslo's

    const mine = await ok<MyTargets>(await t.request('/api/v1/targets/me', { as: c.rep }));
    expect(mine.targets.map((x) => [x.subjectKind, x.teamName, x.value, x.progress, x.pace])).toEqual([
      ['person', null, 20, 10, 'on-track'],
      ['team', 'Oslo', 100, 40, 'behind'],
    ]);
    // The peer sees the same team target and their own none; Bergen's member sees nothing of Oslo's.
    const peers = await ok<MyTargets>(await t.request('/api/v1/targets/me', { as: c.peer }));
    expect(peers.targets.map((x) => [x.subjectKind, x.progress])).toEqual([['team', 40]]);
    expect((await ok<MyTargets>(await t.request('/api/v1/targets/me', { as: c.stranger }))).targets).toEqual([]);

    // The rep's page sets targets beside the rep's own numbers: their own only, not the team's.
    const page = await ok<{ targets: { subjectKind: string; value: number }[] }>(
      await t.request(`/api/v1/people/${c.rep.id}/overview`, { as: c.lead }),
    );
    expect(page.targets.filter((x) => x.value === 100 || x.value === 20).map((x) => [x.subjectKind, x.value])).toEqual([['person', 20]]);

    // A member who moves to the team takes their numbers along: today's membership counts.
    await ok(await t.request(`/api/v1/team/members/${c.stranger.id}/team`, { method: 'PUT', as: c.admin, json: { teamId: c.oslo.id } }));
    const after = await ok<MyTargets>(await t.request('/api/v1/targets/me', { as: c.rep }));
    expect(after.targets.find((x) => x.subjectKind === 'team')).toMatchObject({ progress: 90, pace: 'ahead' });
  });

  it('goes with its team when the team is deleted', async () => {
    const c = await company();
    at('2026-11-23T09:00:00Z');
    await ok(await post(c.admin, weekly({ teamId: c.bergen.id }, 100)), 201);
    await ok(await t.request(`/api/v1/teams/${c.bergen.id}`, { method: 'DELETE', as: c.admin }));
    expect((await ok<TargetList>(await t.request('/api/v1/targets', { as: c.admin }))).targets).toEqual([]);
  });
});

describe('a team lead and goals', () => {
  it("sees their people's goals and sets them; another team's member and a rep's colleague are refused", async () => {
    const c = await company();
    await ok(await t.request('/api/v1/goals/me', { method: 'PUT', as: c.rep, json: { dailyCalls: 20, dailyMeetings: 2, dailySales: 1 } }));
    const list = await ok<TeamGoals>(await t.request('/api/v1/goals/team', { as: c.lead }));
    expect(list.members.map((m) => [m.displayName, m.goals.dailyCalls])).toEqual([
      ['Per Peer', 0],
      ['Rita Rep', 20],
    ]);
    expect((await t.request('/api/v1/goals/team', { as: c.rep })).status).toBe(403);
    expect((await ok<TeamGoals>(await t.request('/api/v1/goals/team', { as: c.admin }))).members).toHaveLength(6);

    const goals = { dailyCalls: 30, dailyMeetings: 3, dailySales: 1 };
    const put = (as: Member, userId: string) => t.request(`/api/v1/goals/members/${userId}`, { method: 'PUT', as, json: goals });
    expect(await ok<Goals>(await put(c.lead, c.rep.id))).toMatchObject(goals);
    expect(await ok<Goals>(await t.request('/api/v1/goals/me', { as: c.rep }))).toMatchObject(goals);
    expect((await put(c.lead, c.stranger.id)).status).toBe(403);
    expect((await put(c.rep, c.peer.id)).status).toBe(403);
    expect((await put(c.lead, 'nobody-at-all')).status).toBe(404);
    expect((await put(c.admin, c.stranger.id)).status).toBe(200);
    expect((await t.request(`/api/v1/goals/members/${c.rep.id}`, { method: 'PUT', as: c.lead, json: { dailyCalls: -1 } })).status).toBe(
      400,
    );
    // The rep's own goals stay theirs to change.
    await ok(await t.request('/api/v1/goals/me', { method: 'PUT', as: c.rep, json: { dailyCalls: 25, dailyMeetings: 3, dailySales: 1 } }));
  });
});

describe('an invitation into a team', () => {
  it('puts the person who accepts it in the team; a team of another company is a 404', async () => {
    const c = await company();
    const invitation = await ok<{ code: string; teamId: string | null }>(
      await t.request('/api/v1/invitations', { method: 'POST', as: c.admin, json: { role: 'user', teamId: c.bergen.id } }),
      201,
    );
    expect(invitation.teamId).toBe(c.bergen.id);
    const person = await t.createUser({ name: 'Ivar Invited', password: randomPassword() });
    await ok(await t.request('/api/v1/invitations/accept', { method: 'POST', as: person, json: { code: invitation.code } }));
    const teams = await ok<{ teams: { name: string; members: { userId: string }[] }[] }>(await t.request('/api/v1/teams', { as: c.admin }));
    expect(teams.teams.find((team) => team.name === 'Bergen')!.members.map((m) => m.userId)).toContain(person.id);

    const elsewhere = await company();
    for (const path of ['/api/v1/invitations', '/api/v1/invitations/send']) {
      const json = path.endsWith('send') ? { emails: ['someone@example.com'], teamId: elsewhere.oslo.id } : { teamId: elsewhere.oslo.id };
      expect((await t.request(path, { method: 'POST', as: c.admin, json })).status, path).toBe(404);
    }
    // The audit log says which team the invitation was into.
    const log = await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?action=invitation.created', { as: c.admin }));
    expect(log.entries[0]!.details).toMatchObject({ teamName: 'Bergen' });
  });
});

describe('the audit log', () => {
  it('records team changes, targets, goals set for someone, and the working calendar', async () => {
    const c = await company();
    // The real clock throughout: the log reads newest first.
    const target = await ok<Target>(await post(c.lead, weekly({ teamId: c.oslo.id }, 100, '2030-01-07')), 201);
    await ok(await t.request(`/api/v1/targets/${target.id}/end`, { method: 'POST', as: c.lead }));
    await ok(
      await t.request(`/api/v1/goals/members/${c.rep.id}`, {
        method: 'PUT',
        as: c.lead,
        json: { dailyCalls: 5, dailyMeetings: 1, dailySales: 0 },
      }),
    );
    await ok(await t.request(`/api/v1/teams/${c.bergen.id}`, { method: 'PATCH', as: c.admin, json: { name: 'Bergen Nord' } }));
    await ok(await t.request(`/api/v1/team/members/${c.loner.id}/team`, { method: 'PUT', as: c.admin, json: { teamId: c.bergen.id } }));
    await ok(await t.request(`/api/v1/teams/${c.bergen.id}`, { method: 'DELETE', as: c.admin }));
    await ok(await t.request('/api/v1/calendar', { method: 'PUT', as: c.admin, json: { country: 'SE' } }));
    await ok(
      await t.request('/api/v1/calendar/days-off', { method: 'POST', as: c.admin, json: { date: '2026-12-24', label: 'Julafton' } }),
    );
    await ok(await t.request('/api/v1/calendar/days-off/2026-12-24', { method: 'DELETE', as: c.admin }));

    const log = await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?limit=100', { as: c.admin }));
    const entries = log.entries.map((e) => [e.action, e.actor.name, e.target?.label ?? null, e.details]).reverse();
    expect(entries).toEqual([
      ['team.created', 'Ada Admin', 'Oslo', { name: 'Oslo' }],
      ['team.created', 'Ada Admin', 'Bergen', { name: 'Bergen' }],
      ['member.team_changed', 'Ada Admin', 'Lea Lead', { from: null, to: 'Oslo' }],
      ['member.team_changed', 'Ada Admin', 'Rita Rep', { from: null, to: 'Oslo' }],
      ['member.team_changed', 'Ada Admin', 'Per Peer', { from: null, to: 'Oslo' }],
      ['member.team_changed', 'Ada Admin', 'Sven Stranger', { from: null, to: 'Bergen' }],
      ['team.leads_changed', 'Ada Admin', 'Oslo', { name: 'Oslo', added: [c.lead.id], removed: [] }],
      ['team.leads_changed', 'Ada Admin', 'Bergen', { name: 'Bergen', added: [c.bergenLead.id], removed: [] }],
      [
        'target.set',
        'Lea Lead',
        'Oslo',
        { subjectKind: 'team', teamName: 'Oslo', metric: 'calls', period: 'week', value: 100, effectiveFrom: '2030-01-07' },
      ],
      [
        'target.ended',
        'Lea Lead',
        'Oslo',
        { subjectKind: 'team', teamName: 'Oslo', metric: 'calls', period: 'week', value: 100, removed: true },
      ],
      ['goals.set', 'Lea Lead', 'Rita Rep', { dailyCalls: 5, dailyMeetings: 1, dailySales: 0 }],
      ['team.renamed', 'Ada Admin', 'Bergen Nord', { from: 'Bergen', to: 'Bergen Nord' }],
      ['member.team_changed', 'Ada Admin', 'Nina Nobody', { from: null, to: 'Bergen Nord' }],
      ['team.deleted', 'Ada Admin', 'Bergen Nord', { name: 'Bergen Nord' }],
      ['calendar.country_changed', 'Ada Admin', null, { from: 'NO', to: 'SE' }],
      ['calendar.day_off_added', 'Ada Admin', null, { date: '2026-12-24', label: 'Julafton' }],
      ['calendar.day_off_removed', 'Ada Admin', null, { date: '2026-12-24', label: 'Julafton' }],
    ]);
  });
});
