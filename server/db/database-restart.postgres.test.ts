import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../test/event-stream';
import { callApi, createMemberOverHttp, type HttpMember, signInOverHttp } from '../test/http-members';
import { type PrivatePostgres, startPrivatePostgres } from '../test/private-postgres';
import { type ServerProcess, startServerProcess } from '../test/server-process';

/*
 * PostgreSQL restarted (`pg_ctl restart -m fast`) under a running server while
 * eight writers log. Before the fix the server process died in most restarts (a pooled connection
 * cut while checked out had no 'error' listener) and a failed BEGIN kept its connection checked
 * out. Now: the process lives, requests during the outage get a 503 with Retry-After, nothing
 * acknowledged is lost, the pool has all its connections back, and the live stream carries a
 * change logged after the restarts. A signed-in member's request while the database is away is
 * a 503 too, never the 401 "Sign in to continue" that would sign a phone out (the session lookup
 * once took any error for "no session"). The cluster is the test's own (server/test/private-postgres.ts):
 * restarting CI's shared one would cut every other file's connections.
 */

const WRITERS = 8;
const RESTARTS = 3;

type Writers = {
  acknowledged: Set<string>;
  outages: { status: number; retryAfter: string | null; code: string }[];
  failures: string[];
  stop: () => Promise<void>;
};

function startWriters(baseUrl: string, members: HttpMember[]): Writers {
  let stopped = false;
  const acknowledged = new Set<string>();
  const outages: Writers['outages'] = [];
  const failures: string[] = [];
  const writer = async (member: HttpMember) => {
    while (!stopped) {
      let response: Response;
      try {
        response = await callApi(baseUrl, '/api/v1/activities', { cookie: member.cookie, json: { kind: 'call', answered: false } });
      } catch (error) {
        failures.push(`no answer from the server: ${(error as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      if (response.ok) {
        acknowledged.add(((await response.json()) as { id: string }).id);
      } else if (response.status === 503) {
        const body = (await response.json()) as { error: { code: string } };
        outages.push({ status: 503, retryAfter: response.headers.get('retry-after'), code: body.error.code });
        await new Promise((resolve) => setTimeout(resolve, 100));
      } else {
        failures.push(`${response.status} ${await response.text()}`);
      }
    }
  };
  const running = Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(members[i % members.length]!)));
  return {
    acknowledged,
    outages,
    failures,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

async function waitFor<T>(read: () => Promise<T | null>, what: string | (() => string), timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch(() => null);
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a PostgreSQL restart under a running server', () => {
  let database: PrivatePostgres;
  let server: ServerProcess;
  let members: HttpMember[];
  beforeAll(async () => {
    database = await startPrivatePostgres();
    server = await startServerProcess({ databaseUrl: database.url });
    members = [await createMemberOverHttp(server.baseUrl, 'Rita Restart'), await createMemberOverHttp(server.baseUrl, 'Rolf Restart')];
  }, 60_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await database?.stop();
  });

  it('answers a signed-in member 503 with Retry-After while the database is stopped, not 401, and knows them once it is back', async () => {
    const member = members[1]!;
    // Two sessions: one this server has seen (kept in its actor cache, decision 028) and one signed
    // in just now, which it must look up: the lookup is what meets the stopped database.
    const seen = member.cookie;
    const fresh = await signInOverHttp(server.baseUrl, member.email, member.password);
    const reads = (cookie: string) => callApi(server.baseUrl, '/api/v1/me', { cookie });
    const writes = (cookie: string) => callApi(server.baseUrl, '/api/v1/activities', { cookie, json: { kind: 'call', answered: false } });
    expect((await reads(seen)).status).toBe(200);
    await database.pause();
    try {
      for (const cookie of [fresh, seen]) {
        for (const request of [reads, writes]) {
          const response = await request(cookie);
          expect({ status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() }).toMatchObject({
            status: 503,
            retryAfter: '5',
            body: { error: { code: 'database_unavailable' } },
          });
        }
      }
    } finally {
      await database.resume();
    }
    await waitFor(async () => ((await reads(fresh)).status === 200 ? true : null), 'the member read after the database came back');
    expect((await writes(seen)).status).toBe(201);
    // And live again: a change made once the server's LISTEN connection is back reaches a stream
    // (one made before that is announced by a second 'ready' instead, hence the retries).
    const stream = openEventStream(await callApi(server.baseUrl, '/api/v1/events', { cookie: fresh }), { label: 'the live stream' });
    expect(await stream.until(/event: ready/)).toContain('event: ready');
    await waitFor(async () => {
      const logged = (await (await writes(fresh)).json()) as { id: string };
      return (await stream.until(new RegExp(logged.id), 1_000)).includes(logged.id) ? true : null;
    }, 'a change on the live stream after the database came back');
    await stream.close();
  }, 60_000);

  it(`keeps serving through ${RESTARTS} restarts while ${WRITERS} writers log: 503 with Retry-After meanwhile, nothing lost`, async () => {
    const stream = openEventStream(await callApi(server.baseUrl, '/api/v1/events', { cookie: members[0]!.cookie }), {
      label: 'the live stream',
      waitMs: 20_000,
    });
    expect(await stream.until(/event: ready/)).toContain('event: ready');

    const writers = startWriters(server.baseUrl, members);
    let exitCode: number | null | undefined;
    void server.exited.then((code) => (exitCode = code));
    /** What went wrong so far, for a failure's message. */
    const explain = () =>
      `server ${exitCode === undefined ? 'running' : `exited (${exitCode})`}; ${writers.failures.length} failed writes: ` +
      `${writers.failures.slice(0, 3).join(' | ')}\n${server.output().slice(-1500)}`;
    for (let i = 0; i < RESTARTS; i++) {
      const before = writers.acknowledged.size;
      await waitFor(
        async () => (writers.acknowledged.size >= before + 20 ? true : null),
        () => `writes between restarts (${explain()})`,
      );
      await database.restart();
    }
    const afterRestarts = writers.acknowledged.size;
    await waitFor(
      async () => (writers.acknowledged.size >= afterRestarts + 20 ? true : null),
      () => `writes after the last restart (${explain()})`,
    );
    await writers.stop();

    // The process lived through every restart, and said what happened in plain words meanwhile.
    expect(
      await Promise.race([server.exited.then(() => 'exited'), new Promise((resolve) => setTimeout(() => resolve('running'), 100))]),
    ).toBe('running');
    expect(writers.failures).toEqual([]);
    // The writers go on while the database restarts, so they meet each outage; they were told to retry.
    expect(writers.outages.length).toBeGreaterThan(0);
    for (const outage of writers.outages) expect(outage).toEqual({ status: 503, retryAfter: '5', code: 'database_unavailable' });

    // The pool has every connection back: more requests at once than it has connections all answer.
    const burst = await Promise.all(
      Array.from({ length: 30 }, () =>
        callApi(server.baseUrl, '/api/v1/activities', {
          cookie: members[1]!.cookie,
          json: { kind: 'call', answered: true, outcome: 'no_progress' },
        }),
      ),
    );
    expect(burst.map((response) => response.status)).toEqual(Array.from({ length: 30 }, () => 201));
    const health = await fetch(`${server.baseUrl}/api/health`);
    expect(health.status).toBe(200);

    // The live stream carries a change made after the restarts, once its LISTEN connection is back:
    // a change made before that (the writes above may all come before it, on a loaded machine) is
    // announced by a second 'ready' instead, which tells the screens to read again; hence the retries.
    await waitFor(async () => {
      const later = (await (
        await callApi(server.baseUrl, '/api/v1/activities', {
          cookie: members[0]!.cookie,
          json: { kind: 'call', answered: true, outcome: 'no_progress' },
        })
      ).json()) as { id: string };
      return (await stream.until(new RegExp(`"id":"${later.id}"`), 1_000)).includes(later.id) ? true : null;
    }, 'a change on the live stream after the restarts');
    await stream.close();

    // Every acknowledged write is stored.
    const check = new pg.Client({ connectionString: database.superuserUrl });
    await check.connect();
    try {
      const { rows } = await check.query<{ id: string }>('SELECT id FROM activities WHERE id = ANY($1::uuid[])', [
        [...writers.acknowledged],
      ]);
      expect(rows.length).toBe(writers.acknowledged.size);
    } finally {
      await check.end();
    }
    console.info(
      `[database restart] ${RESTARTS} restarts under ${WRITERS} writers: ${writers.acknowledged.size} acknowledged writes all kept, ` +
        `${writers.outages.length} answered 503 with Retry-After during the outages, the server never exited`,
    );
  }, 180_000);
});
