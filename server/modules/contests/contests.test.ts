import type { AuditLogPage, Contest, ContestList, ContestStandings, FeedEvent } from '@core/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createContestScheduler } from './contests.scheduler';

/*
 * Contests (decision 049): admins run any, team leads only among their own teams (nothing written
 * otherwise), everyone reads; standings come from the rollups, late and moved activities included;
 * the scheduler starts, follows and finishes each contest once, however many instances run it,
 * makes a recurring contest's next round once, and announces in the feed and to Slack/Teams.
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
  return (status === 204 ? undefined : await response.json()) as T;
}

/** A company with Oslo (led by `lead`; rep, peer) and Bergen (led by `bergenLead`; stranger). Wednesday 25 November 2026, Oslo. */
async function company() {
  at('2026-11-25T09:00:00Z');
  const admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  const companyId = admin.companyId;
  const [lead, rep, peer, stranger, bergenLead] = [
    await t.createMember({ companyId, name: 'Lea Lead' }),
    await t.createMember({ companyId, name: 'Rita Rep' }),
    await t.createMember({ companyId, name: 'Per Peer' }),
    await t.createMember({ companyId, name: 'Sven Stranger' }),
    await t.createMember({ companyId, name: 'Bo Bergen' }),
  ];
  const oslo = await ok<{ id: string }>(await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Oslo' } }), 201);
  const bergen = await ok<{ id: string }>(await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name: 'Bergen' } }), 201);
  for (const [member, team] of [
    [rep, oslo],
    [peer, oslo],
    [stranger, bergen],
  ] as const) {
    await ok(await t.request(`/api/v1/team/members/${member.id}/team`, { method: 'PUT', as: admin, json: { teamId: team.id } }));
  }
  await ok(await t.request(`/api/v1/teams/${oslo.id}/leads`, { method: 'PUT', as: admin, json: { userIds: [lead.id] } }));
  await ok(await t.request(`/api/v1/teams/${bergen.id}/leads`, { method: 'PUT', as: admin, json: { userIds: [bergenLead.id] } }));
  return { admin, lead, rep, peer, stranger, bergenLead, oslo, bergen };
}

const contest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Call sprint',
  startsOn: '2026-11-25',
  endsOn: '2026-12-01',
  participants: 'everyone',
  mode: 'individual',
  weights: [{ metric: 'calls', weight: 1 }],
  prizes: 'Pizza for the winners',
  ...overrides,
});

const create = (as: Member, body: Record<string, unknown>) => t.request('/api/v1/contests', { method: 'POST', as, json: body });
const standingsOf = async (as: Member, id: string) => ok<ContestStandings>(await t.request(`/api/v1/contests/${id}`, { as }));
const call = (as: Member, extra: Record<string, unknown> = {}) =>
  t.request('/api/v1/activities', { method: 'POST', as, json: { kind: 'call', answered: true, outcome: 'no_progress', ...extra } });

async function countRows(companyId: string, table: 'contests' | 'feed_events' | 'audit_log'): Promise<number> {
  return withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  });
}

async function feedOf(as: Member): Promise<FeedEvent[]> {
  return withTenant(t.db, { companyId: toCompanyId(as.companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`SELECT id, kind, user_id AS "userId", team_id AS "teamId", subject_id AS "subjectId", data
      FROM feed_events WHERE company_id = ${as.companyId} ORDER BY created_at, kind`);
    return (result as unknown as { rows: FeedEvent[] }).rows;
  });
}

describe('making and reading contests', () => {
  it('an admin makes one for everyone; everyone reads it and its standings; changes are audited', async () => {
    const { admin, rep, peer } = await company();
    const made = await ok<Contest>(await create(admin, contest({ target: 10 })), 201);
    expect(made).toMatchObject({ name: 'Call sprint', phase: 'active', finished: false, canManage: true, target: 10 });
    expect(made.endsAt).toBe('2026-12-01T23:00:00.000Z'); // the end of 1 December in Oslo

    await ok(await call(rep), 201);
    await ok(await call(rep), 201);
    await ok(await call(peer), 201);
    const seen = await standingsOf(peer, made.id);
    expect(seen.contest.canManage).toBe(false);
    expect(seen.standings.slice(0, 2).map((s) => [s.name, s.score, s.rank])).toEqual([
      ['Rita Rep', 2, 1],
      ['Per Peer', 1, 2],
    ]);
    // Everyone else shares the last place with nothing.
    expect(new Set(seen.standings.slice(2).map((s) => s.rank))).toEqual(new Set([3]));

    const list = await ok<ContestList>(await t.request('/api/v1/contests', { as: rep }));
    expect(list.canCreate).toBe(false);
    expect(list.contests.map((c) => c.id)).toEqual([made.id]);

    await ok(await t.request(`/api/v1/contests/${made.id}`, { method: 'PUT', as: admin, json: contest({ name: 'Big call sprint' }) }));
    await ok(await t.request(`/api/v1/contests/${made.id}`, { method: 'DELETE', as: admin }), 200);
    const audit = await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log', { as: admin }));
    expect(
      audit.entries
        .map((e) => e.action)
        .filter((a) => a.startsWith('contest.'))
        .sort(),
    ).toEqual(['contest.created', 'contest.deleted', 'contest.updated']);
  });

  it('refuses bad input with a 400 and a start in the past', async () => {
    const { admin } = await company();
    const bad = await create(admin, contest({ endsOn: '2026-11-20' }));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.code).toBe('invalid_input');
    const past = await create(admin, contest({ startsOn: '2026-11-24' }));
    expect(past.status).toBe(400);
    const teamOfPeople = await create(admin, contest({ mode: 'team', participants: 'people', userIds: [admin.id] }));
    expect(teamOfPeople.status).toBe(400);
  });

  it("a lead runs contests among their own team; another team's, everyone's or a stranger's are refused and nothing is written", async () => {
    const { admin, lead, rep, stranger, oslo, bergen } = await company();
    const own = await ok<Contest>(await create(lead, contest({ participants: 'teams', teamIds: [oslo.id] })), 201);
    expect(own.canManage).toBe(true);
    await ok<Contest>(await create(lead, contest({ participants: 'people', userIds: [rep.id] })), 201);
    const before = await countRows(admin.companyId, 'contests');
    const audits = await countRows(admin.companyId, 'audit_log');
    for (const body of [
      contest({ participants: 'teams', teamIds: [oslo.id, bergen.id] }),
      contest({ participants: 'people', userIds: [rep.id, stranger.id] }),
      contest(),
    ]) {
      const refused = await create(lead, body);
      expect(refused.status, await refused.clone().text()).toBe(403);
    }
    const mine = await create(rep, contest({ participants: 'people', userIds: [rep.id] }));
    expect(mine.status).toBe(403);
    // An admin's contest among everyone is not the lead's to change or delete.
    const everyone = await ok<Contest>(await create(admin, contest()), 201);
    expect(
      (
        await t.request(`/api/v1/contests/${everyone.id}`, {
          method: 'PUT',
          as: lead,
          json: contest({ participants: 'teams', teamIds: [oslo.id] }),
        })
      ).status,
    ).toBe(403);
    expect((await t.request(`/api/v1/contests/${everyone.id}`, { method: 'DELETE', as: lead })).status).toBe(403);
    expect(await countRows(admin.companyId, 'contests')).toBe(before + 1);
    expect(await countRows(admin.companyId, 'audit_log')).toBe(audits + 1);
  });

  it("another company's contest is a 404 for reading, changing, deleting and its display link", async () => {
    const { admin } = await company();
    const theirs = await ok<Contest>(await create(admin, contest()), 201);
    const outsider = await t.createMember({ role: 'admin' });
    expect((await t.request(`/api/v1/contests/${theirs.id}`, { as: outsider })).status).toBe(404);
    expect((await t.request(`/api/v1/contests/${theirs.id}`, { method: 'PUT', as: outsider, json: contest() })).status).toBe(404);
    expect((await t.request(`/api/v1/contests/${theirs.id}`, { method: 'DELETE', as: outsider })).status).toBe(404);
    const link = await ok<{ token: string }>(
      await t.request('/api/v1/display-links', { method: 'POST', as: outsider, json: { name: 'Wall' } }),
      201,
    );
    expect((await t.request(`/api/v1/display/${link.token}/contests/${theirs.id}`)).status).toBe(404);
    expect(await countRows(admin.companyId, 'contests')).toBe(1);
  });

  it("a display link reads its company's contest without signing in; a team's link its own people", async () => {
    const { admin, rep, stranger, oslo } = await company();
    const made = await ok<Contest>(await create(admin, contest()), 201);
    await ok(await call(rep), 201);
    await ok(await call(stranger), 201);
    const link = await ok<{ token: string }>(
      await t.request('/api/v1/display-links', { method: 'POST', as: admin, json: { name: 'Oslo wall', teamId: oslo.id } }),
      201,
    );
    const board = await ok<ContestStandings>(await t.request(`/api/v1/display/${link.token}/contests/${made.id}`));
    expect(board.standings.map((s) => s.name).sort()).toEqual(['Per Peer', 'Rita Rep']);
  });
});

describe('standings from the rollups', () => {
  it('count late logs, moves into and out of the days, edits and deletes; team against team sums members today', async () => {
    const { admin, rep, peer, stranger, oslo, bergen } = await company();
    at('2026-11-27T09:00:00Z'); // Friday
    const made = await ok<Contest>(
      await create(
        admin,
        contest({
          startsOn: '2026-11-27',
          endsOn: '2026-11-29',
          participants: 'teams',
          teamIds: [oslo.id, bergen.id],
          mode: 'team',
          weights: [
            { metric: 'calls', weight: 1 },
            { metric: 'meetings_booked', weight: 5 },
          ],
        }),
      ),
      201,
    );
    await ok(await call(rep), 201);
    await ok(await call(stranger), 201);
    const booked = await ok<{ id: string }>(await call(stranger, { outcome: 'meeting_booked' }), 201);
    // Logged late into Thursday (before the contest): does not count; moved into Friday: counts.
    const late = await ok<{ id: string }>(await call(peer, { localDate: '2026-11-26' }), 201);
    let board = await standingsOf(rep, made.id);
    expect(board.standings.map((s) => [s.name, s.score, s.members])).toEqual([
      ['Bergen', 7, 1],
      ['Oslo', 1, 2],
    ]);
    await ok(await t.request(`/api/v1/activities/${late.id}`, { method: 'PATCH', as: peer, json: { localDate: '2026-11-27' } }));
    at('2026-11-28T09:00:00Z');
    for (let i = 0; i < 5; i += 1) await ok(await call(rep), 201);
    board = await standingsOf(rep, made.id);
    // Equal scores share first place.
    expect(board.standings.map((s) => [s.name, s.score, s.rank])).toEqual([
      ['Bergen', 7, 1],
      ['Oslo', 7, 1],
    ]);
    await ok(await call(rep), 201);
    // The booked meeting's call deleted: Bergen loses its 6.
    await ok(await t.request(`/api/v1/activities/${booked.id}`, { method: 'DELETE', as: admin }));
    board = await standingsOf(rep, made.id);
    expect(board.standings.map((s) => [s.name, s.score, s.rank])).toEqual([
      ['Oslo', 8, 1],
      ['Bergen', 1, 2],
    ]);

    // When it ends, every member of the winning team earns the contest-winner badge; the lead of
    // no contest team and the losing team's member do not.
    at('2026-11-30T08:00:00Z');
    await t.deps.contests.runDue();
    const badges = (await feedOf(admin)).filter((e) => e.kind === 'badge.earned' && e.data.contestId === made.id);
    expect(badges.map((e) => e.userId).sort()).toEqual([rep.id, peer.id].sort());
  });
});

describe('the scheduler', () => {
  it('starts, announces lead changes and finishes once across two instances, and makes the next weekly round once', async () => {
    const { admin, rep, peer } = await company();
    // A chat channel that wants the floor's wins hears the contest too.
    await ok(
      await t.request('/api/v1/admin/chat-integrations', {
        method: 'POST',
        as: admin,
        json: {
          platform: 'slack',
          url: 'https://hooks.slack.com/services/T000/B000/XXXXXXXX',
          language: 'en',
          choices: { sales: false, goals: true, dailySummary: { enabled: false, localTime: '16:00' } },
        },
      }),
      201,
    );
    const made = await ok<Contest>(
      await create(
        admin,
        contest({ startsOn: '2026-11-26', endsOn: '2026-11-26', recurrence: 'weekly', participants: 'people', userIds: [rep.id, peer.id] }),
      ),
      201,
    );
    const one = createContestScheduler({ db: t.db, now: () => t.deps.now() });
    const two = createContestScheduler({ db: t.db, now: () => t.deps.now() });
    // Other tests' companies are in the same database: only this contest's steps are looked at.
    const tick = async () => (await Promise.all([one.runDue(), two.runDue()])).flat().filter((done) => done.contestId === made.id);

    expect(await tick()).toEqual([]); // not begun
    at('2026-11-26T08:00:00Z');
    expect(await tick()).toEqual([{ contestId: made.id, steps: ['started'] }]);
    at('2026-11-26T08:01:00Z');
    await ok(await call(peer), 201);
    expect(await tick()).toEqual([{ contestId: made.id, steps: ['lead_changed'] }]);
    expect(await tick()).toEqual([]); // same leader
    at('2026-11-26T08:02:00Z');
    await ok(await call(rep), 201);
    await ok(await call(rep), 201);
    expect(await tick()).toEqual([{ contestId: made.id, steps: ['lead_changed'] }]);
    at('2026-11-27T08:00:00Z');
    const finished = await tick();
    expect(finished).toEqual([{ contestId: made.id, steps: ['finished'] }]);
    expect(await tick()).toEqual([]);

    const feed = (await feedOf(admin)).filter((e) => e.kind.startsWith('contest.'));
    expect(feed.map((e) => e.kind)).toEqual(['contest.started', 'contest.lead_changed', 'contest.lead_changed', 'contest.finished']);
    // The winner earns the contest-winner badge with the finish, once however many instances tick.
    const badges = (await feedOf(admin)).filter((e) => e.kind === 'badge.earned' && e.data.badge === 'contest_winner');
    expect(badges).toEqual([expect.objectContaining({ userId: rep.id, data: expect.objectContaining({ contestId: made.id }) })]);
    expect(feed[3]).toMatchObject({
      subjectId: made.id,
      userId: rep.id,
      data: { contestId: made.id, winners: [{ subjectId: rep.id, score: 2 }], mode: 'individual' },
    });
    expect(feed[1]!.data).toMatchObject({ leaders: [{ subjectId: peer.id, score: 1 }], previous: [] });

    const list = await ok<ContestList>(await t.request('/api/v1/contests', { as: peer }));
    const past = list.contests.find((c) => c.id === made.id)!;
    expect(past).toMatchObject({ phase: 'past', finished: true, winners: [{ subjectId: rep.id, score: 2, name: 'Rita Rep' }] });
    const next = list.contests.filter((c) => c.seriesId === made.id && c.id !== made.id);
    expect(await countRows(admin.companyId, 'contests')).toBe(2);
    expect(next.map((c) => [c.startsOn, c.endsOn, c.recurrence])).toEqual([['2026-12-03', '2026-12-03', 'weekly']]);

    const posts = await withTenant(t.db, { companyId: toCompanyId(admin.companyId), userId: null }, async (tx) => {
      const result = await tx.execute(
        sql`SELECT event_type FROM webhook_deliveries WHERE company_id = ${admin.companyId} ORDER BY created_at`,
      );
      return (result as unknown as { rows: { event_type: string }[] }).rows.map((r) => r.event_type);
    });
    expect(posts).toEqual(['contest.started', 'contest.lead_changed', 'contest.lead_changed', 'contest.finished']);
  });

  it('a running scheduler announces a new leader within seconds of the log that made it, not at the next quarter hour', async () => {
    const { admin, rep } = await company();
    const made = await ok<Contest>(await create(admin, contest({ participants: 'people', userIds: [rep.id] })), 201);
    const steps = (await t.deps.contests.runDue()).filter((done) => done.contestId === made.id);
    expect(steps).toEqual([{ contestId: made.id, steps: ['started'] }]);
    t.deps.contests.start();
    try {
      // Its first round looks at every company; the next whole round is at the next local midnight.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await ok(await call(rep), 201);
      const deadline = Date.now() + 10_000;
      let kinds: string[] = [];
      while (!kinds.includes('contest.lead_changed') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        kinds = (await feedOf(admin)).map((event) => event.kind);
      }
      expect(kinds).toContain('contest.lead_changed');
    } finally {
      await t.deps.contests.stop();
    }
  });

  it('ties share first place and all win; nobody wins with nothing', async () => {
    const { admin, rep, peer } = await company();
    const tied = await ok<Contest>(
      await create(admin, contest({ startsOn: '2026-11-25', endsOn: '2026-11-25', participants: 'people', userIds: [rep.id, peer.id] })),
      201,
    );
    const empty = await ok<Contest>(
      await create(
        admin,
        contest({
          name: 'Quiet',
          startsOn: '2026-11-25',
          endsOn: '2026-11-25',
          participants: 'people',
          userIds: [rep.id],
          weights: [{ metric: 'sales', weight: 1 }],
        }),
      ),
      201,
    );
    await ok(await call(rep), 201);
    await ok(await call(peer), 201);
    at('2026-11-26T08:00:00Z');
    await t.deps.contests.runDue();
    const list = await ok<ContestList>(await t.request('/api/v1/contests', { as: rep }));
    const winners = list.contests
      .find((c) => c.id === tied.id)!
      .winners.map((w) => w.name)
      .sort();
    expect(winners).toEqual(['Per Peer', 'Rita Rep']);
    expect(list.contests.find((c) => c.id === empty.id)).toMatchObject({ finished: true, winners: [] });
    const winnerBadges = (await feedOf(admin)).filter((e) => e.kind === 'badge.earned' && e.data.contestId === tied.id);
    expect(winnerBadges.map((e) => e.userId).sort()).toEqual([rep.id, peer.id].sort());
    expect((await feedOf(admin)).filter((e) => e.kind === 'badge.earned' && e.data.contestId === empty.id)).toEqual([]);
  });
});

describe('scored by a KPI (decision 103)', () => {
  type Kpi = { id: string };
  type Type = { id: string; outcomes: { id: string; names: { en?: string } }[] };

  /** A Dial type (Connected / No answer) and three KPIs over it: connects, dials and their ratio; and one where lower is better. */
  async function dialKpis(admin: Member) {
    const dial = await ok<Type>(
      await t.request('/api/v1/activity-types', {
        method: 'POST',
        as: admin,
        json: {
          names: { en: 'Dial', nb: 'Oppringning' },
          icon: 'phone',
          colour: 'amber',
          points: 1,
          outcomes: [
            { names: { en: 'Connected' }, points: 2 },
            { names: { en: 'No answer' }, points: 0 },
          ],
          fields: [],
          bonus: null,
        },
      }),
      201,
    );
    const connected = dial.outcomes.find((o) => o.names.en === 'Connected')!.id;
    const noAnswer = dial.outcomes.find((o) => o.names.en === 'No answer')!.id;
    const kpi = async (names: Record<string, string>, formula: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      ok<Kpi>(await t.request('/api/v1/kpis', { method: 'POST', as: admin, json: { names, formula, format: 'number', ...extra } }), 201);
    const connects = await kpi({ en: 'Connects' }, { kind: 'aggregate', aggregate: 'count', typeIds: [dial.id], outcomeIds: [connected] });
    const dials = await kpi({ en: 'Dials' }, { kind: 'aggregate', aggregate: 'count', typeIds: [dial.id] });
    const rate = await kpi(
      { en: 'Connect rate', nb: 'Svarprosent' },
      { kind: 'ratio', left: connects.id, right: dials.id },
      { format: 'percent' },
    );
    const misses = await kpi(
      { en: 'Misses' },
      { kind: 'aggregate', aggregate: 'count', typeIds: [dial.id], outcomeIds: [noAnswer] },
      { lowerIsBetter: true },
    );
    const log = async (as: Member, outcomeId: string, times = 1) => {
      for (let i = 0; i < times; i++) {
        await ok(
          await t.request('/api/v1/activities', { method: 'POST', as, json: { kind: 'custom', typeId: dial.id, outcome: outcomeId } }),
          201,
        );
      }
    };
    return { connects, dials, rate, misses, connected, noAnswer, log };
  }

  it('refuses a KPI that is not the company’s, one where lower is better, a target on a ratio, and a KPI with activities', async () => {
    const { admin } = await company();
    const { rate, misses, connects } = await dialKpis(admin);
    const refusal = async (body: Record<string, unknown>) => {
      const response = await create(admin, contest({ weights: [], ...body }));
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: { details: Record<string, string> } }).error.details;
    };
    expect(await refusal({ kpiId: crypto.randomUUID() })).toEqual({ kpiId: 'That KPI no longer exists' });
    expect(await refusal({ kpiId: misses.id })).toEqual({
      kpiId: 'A contest is won by the highest figure: choose a KPI where higher is better',
    });
    expect(await refusal({ kpiId: rate.id, target: 50 })).toEqual({ target: 'A target needs a KPI that adds up: a count or a sum' });
    expect(await refusal({ kpiId: connects.id, weights: [{ metric: 'calls', weight: 1 }] })).toEqual({
      weights: 'A contest counts a KPI or activities, not both',
    });
    expect(await refusal({ kpiId: null })).toEqual({ weights: 'Choose what counts' });
    // A count takes a target; a built-in KPI counts too.
    await ok(await create(admin, contest({ weights: [], kpiId: connects.id, target: 3 })), 201);
    await ok(await create(admin, contest({ weights: [], kpiId: 'conversion' })), 201);
    expect(await countRows(admin.companyId, 'contests')).toBe(2);
  });

  it('ranks people by the KPI over the contest’s days, a team by its members’ facts together, as the KPI board reads them', async () => {
    const { admin, rep, peer, stranger, oslo, bergen } = await company();
    const { rate, connected, noAnswer, log } = await dialKpis(admin);
    const people = await ok<Contest>(
      await create(
        admin,
        contest({ name: 'Best connect rate', weights: [], kpiId: rate.id, participants: 'people', userIds: [rep.id, peer.id] }),
      ),
      201,
    );
    expect(people).toMatchObject({
      kpiId: rate.id,
      kpi: { id: rate.id, names: { en: 'Connect rate', nb: 'Svarprosent' }, format: 'percent' },
    });
    const teams = await ok<Contest>(
      await create(admin, contest({ weights: [], kpiId: rate.id, mode: 'team', participants: 'teams', teamIds: [oslo.id, bergen.id] })),
      201,
    );
    await log(rep, connected);
    await log(rep, noAnswer);
    await log(peer, connected, 3);
    await log(peer, noAnswer);
    await log(stranger, noAnswer);

    const standings = await standingsOf(rep, people.id);
    expect(standings.standings.map((s) => [s.name, s.score, s.rank])).toEqual([
      ['Per Peer', 0.75, 1],
      ['Rita Rep', 0.5, 2],
    ]);
    // The same figure the KPI board shows for the same days.
    const values = await ok<{ kpis: { id: string; members: { userId: string; value: number | null }[] }[] }>(
      await t.request(`/api/v1/kpis/values?from=2026-11-25&to=2026-12-01&ids=${rate.id}`, { as: rep }),
    );
    const board = new Map(values.kpis[0]!.members.map((m) => [m.userId, m.value]));
    expect(board.get(peer.id)).toBe(0.75);
    expect(board.get(rep.id)).toBe(0.5);

    // Oslo: 4 connects of 6 dials, not the mean of its people's rates (62.5 %).
    const byTeam = await standingsOf(admin, teams.id);
    expect(byTeam.standings.map((s) => [s.name, s.score])).toEqual([
      ['Oslo', 4 / 6],
      ['Bergen', 0],
    ]);
  });

  it('a count reaches its target on the day it did; the finish announces the score with its KPI; a deleted KPI scores nobody', async () => {
    const { admin, rep, peer } = await company();
    const { connects, rate, connected, log } = await dialKpis(admin);
    const race = await ok<Contest>(
      await create(
        admin,
        contest({
          name: 'First to 3',
          weights: [],
          kpiId: connects.id,
          target: 3,
          participants: 'people',
          userIds: [rep.id, peer.id],
          endsOn: '2026-11-26',
        }),
      ),
      201,
    );
    const rateContest = await ok<Contest>(
      await create(admin, contest({ weights: [], kpiId: rate.id, participants: 'people', userIds: [rep.id, peer.id] })),
      201,
    );
    await log(rep, connected, 2);
    await log(peer, connected, 3);
    at('2026-11-26T09:00:00Z');
    await log(rep, connected, 2);
    const standings = await standingsOf(admin, race.id);
    // Rep has more (4), but Peer reached 3 a day earlier.
    expect(standings.standings.map((s) => [s.name, s.score, s.reachedOn, s.rank])).toEqual([
      ['Per Peer', 3, '2026-11-25', 1],
      ['Rita Rep', 4, '2026-11-26', 2],
    ]);

    at('2026-11-27T08:00:00Z');
    await t.deps.contests.runDue();
    const finished = (await feedOf(admin)).find((e) => e.kind === 'contest.finished' && e.data.contestId === race.id)!;
    expect(finished.data).toMatchObject({
      winners: [{ subjectId: peer.id, score: 3 }],
      unit: { names: { en: 'Connects' }, format: 'number', decimals: 0 },
    });

    await ok(await t.request(`/api/v1/kpis/${rate.id}`, { method: 'DELETE', as: admin }));
    const gone = await standingsOf(admin, rateContest.id);
    expect(gone.contest).toMatchObject({ kpiId: rate.id, kpi: null });
    expect(gone.standings.map((s) => s.score)).toEqual([0, 0]);
  });
});
