import type { Contest, ContestMetric, ContestStandings } from '@core/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { rows, setRule, type Member } from '../activities/activities.test-support';

/*
 * Property: for any history of logs, late logs, edits, moves between days and deletes, a contest's
 * standings (read from the rollups) equal a naive count over the activities table of the contest's
 * days, for person against person and team against team, with any weighted mix of metrics.
 */

let t: TestApp;
let admin: Member;
let reps: Member[];
let teamOf: Map<string, string>;
let teams: { id: string; name: string }[];

const at = (iso: string) => t.setNow(() => new Date(iso));

beforeAll(async () => {
  t = await createTestApp();
  at('2026-11-20T09:00:00Z');
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  reps = [
    await t.createMember({ companyId: admin.companyId, name: 'Rita' }),
    await t.createMember({ companyId: admin.companyId, name: 'Per' }),
    await t.createMember({ companyId: admin.companyId, name: 'Sven' }),
  ];
  await setRule(t, admin.companyId, 'sale_ticket_size', { enabled: true, multiplierValue: 0.0001 });
  teams = [];
  for (const name of ['Oslo', 'Bergen']) {
    const response = await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name } });
    teams.push((await response.json()) as { id: string; name: string });
  }
  teamOf = new Map([
    [reps[0]!.id, teams[0]!.id],
    [reps[1]!.id, teams[0]!.id],
    [reps[2]!.id, teams[1]!.id],
  ]);
  for (const [userId, teamId] of teamOf) {
    await t.request(`/api/v1/team/members/${userId}/team`, { method: 'PUT', as: admin, json: { teamId } });
  }
});
afterAll(() => t.close());

/** The days a history touches: 18 to 25 November; the contests run 22 to 24 November. */
const DAYS = ['2026-11-18', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25'];
const CONTEST = { startsOn: '2026-11-22', endsOn: '2026-11-24' };
const day = fc.constantFrom(...DAYS);
const outcome = fc.constantFrom('no_progress', 'moved_forward', 'meeting_booked');
const logBody = fc.oneof(
  fc.record({ kind: fc.constant('call'), answered: fc.boolean(), outcome, localDate: day }),
  fc.record({ kind: fc.constant('sale'), ticketSize: fc.integer({ min: 1, max: 5_000_000 }), localDate: day }),
  fc.record({ kind: fc.constant('meeting'), localDate: day }),
);
type Command =
  | { op: 'log'; rep: number; body: Record<string, unknown> }
  | { op: 'move'; pick: number; localDate: string }
  | { op: 'edit'; pick: number; outcome: string }
  | { op: 'delete'; pick: number };
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('log' as const), rep: fc.integer({ min: 0, max: 2 }), body: logBody }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('move' as const), pick: fc.nat(), localDate: day }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('edit' as const), pick: fc.nat(), outcome }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat() }) },
);
const METRICS: ContestMetric[] = ['calls', 'answered', 'meetings_booked', 'meetings_held', 'sales', 'sales_value', 'points'];
const weights = fc
  .uniqueArray(fc.constantFrom(...METRICS), { minLength: 1, maxLength: 3 })
  .chain((metrics) => fc.tuple(...metrics.map((metric) => fc.integer({ min: 1, max: 9 }).map((weight) => ({ metric, weight })))));

/** The naive count: each metric straight off the activities of the contest's days, per member. */
async function countFromActivities(): Promise<Map<string, Record<ContestMetric, number>>> {
  const found = await rows<Record<string, string | number>>(
    t,
    admin.companyId,
    sql`SELECT user_id,
               count(*) FILTER (WHERE type IN ('call_answered', 'call_unanswered')) AS calls,
               count(*) FILTER (WHERE type = 'call_answered') AS answered,
               count(*) FILTER (WHERE meeting_booked) AS meetings_booked,
               count(*) FILTER (WHERE type = 'meeting') AS meetings_held,
               count(*) FILTER (WHERE type = 'sale') AS sales,
               coalesce(sum(ticket_size) FILTER (WHERE type = 'sale'), 0) AS sales_value,
               coalesce(sum(points_earned), 0) AS points
          FROM activities
         WHERE company_id = ${admin.companyId} AND local_date BETWEEN ${CONTEST.startsOn} AND ${CONTEST.endsOn}
         GROUP BY user_id`,
  );
  return new Map(
    found.map((row) => [String(row.user_id), Object.fromEntries(METRICS.map((m) => [m, Number(row[m])])) as Record<ContestMetric, number>]),
  );
}

describe('contest standings equal a naive count over the activities', () => {
  it('for any history of logs, late logs, edits, moves and deletes', async () => {
    const known: { id: string; owner: number; deleted: boolean }[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 15 }), weights, async (commands, mix) => {
        at('2026-11-20T09:00:00Z');
        const made: Contest[] = [];
        for (const mode of ['individual', 'team'] as const) {
          const response = await t.request('/api/v1/contests', {
            method: 'POST',
            as: admin,
            json: { name: `Property ${mode}`, ...CONTEST, participants: 'everyone', mode, weights: mix },
          });
          expect(response.status, await response.clone().text()).toBe(201);
          made.push((await response.json()) as Contest);
        }
        at('2026-11-25T12:00:00Z');
        for (const cmd of commands) {
          const live = known.filter((k) => !k.deleted);
          if (cmd.op === 'log') {
            const response = await t.request('/api/v1/activities', { method: 'POST', as: reps[cmd.rep]!, json: cmd.body });
            expect(response.status, await response.clone().text()).toBe(201);
            known.push({ id: ((await response.json()) as { id: string }).id, owner: cmd.rep, deleted: false });
            continue;
          }
          if (live.length === 0) continue;
          const target = live[cmd.pick % live.length]!;
          const as = reps[target.owner]!;
          if (cmd.op === 'delete') {
            const response = await t.request(`/api/v1/activities/${target.id}`, { method: 'DELETE', as });
            expect(response.status).toBe(200);
            target.deleted = true;
          } else {
            const json = cmd.op === 'move' ? { localDate: cmd.localDate } : { outcome: cmd.outcome };
            const response = await t.request(`/api/v1/activities/${target.id}`, { method: 'PATCH', as, json });
            // An outcome belongs to an answered call only: anything else is a 400 and changes nothing.
            expect([200, 400]).toContain(response.status);
          }
        }

        const naive = await countFromActivities();
        const scoreOf = (userIds: string[]) =>
          userIds.reduce((sum, id) => sum + mix.reduce((s, { metric, weight }) => s + weight * (naive.get(id)?.[metric] ?? 0), 0), 0);
        for (const contest of made) {
          const response = await t.request(`/api/v1/contests/${contest.id}`, { as: reps[0]! });
          const { standings } = (await response.json()) as ContestStandings;
          const got = Object.fromEntries(standings.map((s) => [s.subjectId, s.score]));
          const expected =
            contest.mode === 'individual'
              ? Object.fromEntries([admin, ...reps].map((m) => [m.id, scoreOf([m.id])]))
              : Object.fromEntries(
                  teams.map((team) => [team.id, scoreOf([...teamOf].filter(([, tid]) => tid === team.id).map(([uid]) => uid))]),
                );
          expect(got).toEqual(expected);
          // The ranks follow the scores: nobody is behind someone with less.
          for (const a of standings) for (const b of standings) if (a.score > b.score) expect(a.rank).toBeLessThan(b.rank);
        }
      }),
      { numRuns: 12 },
    );
  });
});
