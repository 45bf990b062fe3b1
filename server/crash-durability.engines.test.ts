import type { LogActivity, MyActivities, MyTodayStats } from '@core/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { lockDataDir } from './lib/data-dir-lock';
import { findRollupMismatches, findStoredActivityIds } from './test/database-checks';
import { callApi, createMemberOverHttp, type HttpMember } from './test/http-members';
import { type ServerData, type ServerProcess, startServerProcess } from './test/server-process';
import { copyPgliteFolder } from './test/base-database';
import { createPostgresDatabase, testEngine } from './test/test-database';

/*
 * Crash durability (decision 019): the real server as a child process, several clients logging
 * activities at once, SIGKILL in the middle of the stream, restart on the same data. Every activity
 * whose POST was answered with its id must still be there, and the rollups (daily_user_stats) must
 * equal the rows. On PGlite this is the embedded database inside the killed process; on PostgreSQL
 * the app dies and the database server lives on (its own crash safety is PostgreSQL's WAL, not
 * ours: decision 019).
 */

const ROUNDS = 3;
const MEMBERS = 3;
const CLIENTS_PER_MEMBER = 2;

/** What the clients log, in turn: mostly calls (the 20th call of a day earns a bonus), some meetings and sales. */
const BODIES: LogActivity[] = [
  { kind: 'call', answered: false },
  { kind: 'call', answered: true, outcome: 'no_progress' },
  { kind: 'call', answered: true, outcome: 'moved_forward', customerName: 'Nordlys Energi' },
  { kind: 'call', answered: false },
  { kind: 'call', answered: true, outcome: 'meeting_booked', customerName: 'Aker Maritime' },
  { kind: 'meeting', customerName: 'Aker Maritime', notes: 'Demo of the Q3 plan' },
  { kind: 'call', answered: false },
  { kind: 'sale', ticketSize: 1_250_000, productName: 'Annual licence', customerName: 'Nordlys Energi' },
];

type Acknowledged = { id: string; userId: string; localDate: string };

type Round = { acknowledged: number; cutOff: number };

/**
 * Logs activities from CLIENTS_PER_MEMBER concurrent clients per member until `stop()`. A request
 * answered 2xx with an id is acknowledged; one that dies with the server is cut off (it may or may
 * not have committed: the caller never learned). Anything else before the stop is a failure.
 */
function startClients(baseUrl: string, members: HttpMember[], acknowledged: Map<string, Acknowledged>) {
  let stopped = false;
  const round: Round = { acknowledged: 0, cutOff: 0 };
  const failures: string[] = [];
  const client = async (member: HttpMember, offset: number) => {
    for (let i = offset; !stopped; i++) {
      const body = BODIES[i % BODIES.length]!;
      let response: Response;
      try {
        response = await callApi(baseUrl, '/api/v1/activities', { cookie: member.cookie, json: body });
      } catch (error) {
        if (stopped) round.cutOff++;
        else failures.push(`request failed while the server ran: ${(error as Error).message}`);
        return;
      }
      let activity: { id?: string; localDate?: string } | null = null;
      try {
        activity = response.ok ? ((await response.json()) as { id: string; localDate: string }) : null;
      } catch {
        // the server died between the status line and the body: not acknowledged
      }
      if (activity?.id && activity.localDate) {
        acknowledged.set(activity.id, { id: activity.id, userId: member.userId, localDate: activity.localDate });
        round.acknowledged++;
      } else if (stopped) {
        round.cutOff++;
        return;
      } else {
        failures.push(`POST /api/v1/activities answered ${response.status} without an activity: ${await response.text().catch(() => '')}`);
        return;
      }
    }
  };
  const clients = members.flatMap((member, m) => Array.from({ length: CLIENTS_PER_MEMBER }, (_, c) => client(member, m * 3 + c * 5)));
  return {
    round,
    failures,
    /** Marks the stop: no new requests, and those that fail from now on were cut off by the kill. */
    stop: () => {
      stopped = true;
    },
    finished: Promise.all(clients),
  };
}

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** What a member sees after the restart: their acknowledged activities of today, and today's stats equal to them. */
async function expectMemberSeesEverything(baseUrl: string, member: HttpMember, acknowledged: Map<string, Acknowledged>) {
  const mine = (await (await callApi(baseUrl, '/api/v1/activities/mine', { cookie: member.cookie })).json()) as MyActivities;
  const listed = new Set(mine.activities.map((a) => a.id));
  // Acknowledged activities of an earlier day (a run across midnight) are checked in the database below.
  const missing = [...acknowledged.values()].filter((a) => a.userId === member.userId && a.localDate === mine.date && !listed.has(a.id));
  expect(missing, `acknowledged activities of ${member.name} missing after the restart`).toEqual([]);

  const stats = (await (await callApi(baseUrl, '/api/v1/stats/me/today', { cookie: member.cookie })).json()) as MyTodayStats;
  if (stats.date !== mine.date) return;
  const count = (test: (a: MyActivities['activities'][number]) => boolean) => mine.activities.filter(test).length;
  expect({
    calls: stats.calls,
    answered: stats.answered,
    unanswered: stats.unanswered,
    meetingsBooked: stats.meetingsBooked,
    meetingsCompleted: stats.meetingsCompleted,
    movedForward: stats.movedForward,
    sales: stats.sales,
    revenue: stats.revenue,
    points: stats.points,
  }).toEqual({
    calls: count((a) => a.kind === 'call'),
    answered: count((a) => a.type === 'call_answered'),
    unanswered: count((a) => a.type === 'call_unanswered'),
    meetingsBooked: count((a) => a.meetingBooked),
    meetingsCompleted: count((a) => a.type === 'meeting'),
    movedForward: count((a) => a.movedForward),
    sales: count((a) => a.type === 'sale'),
    revenue: mine.activities.reduce((sum, a) => sum + (a.type === 'sale' ? (a.ticketSize ?? 0) : 0), 0),
    points: mine.activities.reduce((sum, a) => sum + a.pointsEarned, 0),
  });
}

describe(`crash durability on ${testEngine}`, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(`keeps every acknowledged activity and exact rollups through ${ROUNDS} kill -9 and restarts`, async () => {
    let data: ServerData;
    if (testEngine === 'postgres') {
      const database = await createPostgresDatabase('dealboard_crash', { migrated: true });
      cleanups.push(database.drop);
      data = { databaseUrl: database.url };
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-crash-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      // A copy of the migrated base: the kills below are about writes, not a first start.
      await copyPgliteFolder(dataDir);
      data = { dataDir };
    }

    let server: ServerProcess = await startServerProcess(data);
    cleanups.push(() => server.kill('SIGKILL'));
    const members: HttpMember[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await createMemberOverHttp(server.baseUrl, `Rep ${'ABC'[i]}`));

    const acknowledged = new Map<string, Acknowledged>();
    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const clients = startClients(server.baseUrl, members, acknowledged);
      // Kill at a random point of the stream, once this round has some acknowledged writes.
      const killAfter = 15 + Math.floor(Math.random() * 40);
      await waitUntil(() => clients.round.acknowledged >= killAfter || clients.failures.length > 0, `${killAfter} acknowledged writes`);
      clients.stop();
      await server.kill('SIGKILL');
      await clients.finished;
      expect(clients.failures).toEqual([]);
      rounds.push(clients.round);

      // The same data folder or database; on PGlite the dead server's lock must not block this.
      server = await startServerProcess(data);
      for (const member of members) await expectMemberSeesEverything(server.baseUrl, member, acknowledged);
    }
    await server.kill('SIGTERM');

    // The whole truth, past the API: every acknowledged id stored, and the rollups equal the rows.
    // On PGlite the folder is ours once the server has gone (the lock proves it), never before.
    if ('dataDir' in data) cleanups.push(lockDataDir(data.dataDir));
    const handle =
      'dataDir' in data
        ? await openDatabase({ engine: 'pglite', dataDir: data.dataDir })
        : await openDatabase({ engine: 'postgres', url: data.databaseUrl, poolSize: 2 });
    cleanups.push(() => handle.close());
    const companyIds = [...new Set(members.map((m) => m.companyId))];
    const stored = await findStoredActivityIds(handle.db, companyIds);
    expect([...acknowledged.keys()].filter((id) => !stored.has(id))).toEqual([]);
    expect(await findRollupMismatches(handle.db, companyIds)).toEqual([]);
    const cutOff = rounds.reduce((sum, round) => sum + round.cutOff, 0);
    console.info(
      `[crash durability, ${testEngine}] ${rounds.length} rounds of kill -9: ${acknowledged.size} acknowledged writes all kept ` +
        `(per round ${rounds.map((round) => round.acknowledged).join(', ')}), ${cutOff} requests cut off by the kills, ` +
        `${stored.size} activities stored, rollups equal the rows`,
    );
    // Every kill landed mid-stream: some requests were in flight.
    expect(rounds.every((round) => round.cutOff > 0)).toBe(true);
  }, 240_000);
});
