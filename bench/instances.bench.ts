/*
 * npm run bench:instances -- several Dealboard instances on one PostgreSQL (docs/scaling.md).
 *
 *   1. Creates a fresh database on the PostgreSQL server of BENCH_DATABASE_URL (or
 *      TEST_DATABASE_URL; the role must be allowed to create databases) and starts --instances
 *      (default 2) real servers on it (`node dist/server/main.mjs`, its bundle, as `npm start` runs it).
 *   2. Makes --members (default 12) members through the first instance.
 *   3. Writes: for --seconds (default 10) each member logs calls as fast as it can, one at a time,
 *      through the instances in turn; first with one instance, then spread over all of them.
 *      Reports calls per second and the latency of the POST (p50, p95).
 *   4. Live across instances: a stream opened on the last instance, calls logged one at a time
 *      through the first; the time from sending the POST to the 'change' event on the other
 *      instance (p50, p95, worst) over --events (default 40) calls.
 *
 * The machine's cores are shared by the servers, PostgreSQL and this load generator, so the
 * figures show how the pieces behave together, not what a fleet of separate machines would do.
 * --update-docs rewrites the "## Measured here" section of docs/scaling.md (only that section).
 *
 *   TEST_DATABASE_URL=postgres://... npm run bench:instances -- --update-docs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createMemberOverHttp, type HttpMember } from '../server/test/http-members';
import { type ServerProcess, startServerProcess } from '../server/test/server-process';
import { createPostgresDatabase } from '../server/test/test-database';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const INSTANCES = option('instances', 2);
const MEMBERS = option('members', 12);
const SECONDS = option('seconds', 10);
const EVENTS = option('events', 40);
const log = (...parts: unknown[]) => console.info('[bench:instances]', ...parts);

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function logCall(instance: ServerProcess, member: HttpMember): Promise<{ id: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${instance.baseUrl}/api/v1/activities`, {
    method: 'POST',
    headers: { origin: instance.baseUrl, cookie: member.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ kind: 'call', answered: true, outcome: 'no_progress' }),
  });
  if (response.status !== 201) throw new Error(`logging a call failed: ${response.status} ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  return { id, ms: performance.now() - started };
}

/** Every member logs calls back to back for SECONDS, through `instances` in turn. */
async function measureWrites(instances: ServerProcess[], members: HttpMember[]) {
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    members.map(async (member, i) => {
      let n = i;
      while (performance.now() < deadline) {
        latencies.push((await logCall(instances[n++ % instances.length]!, member)).ms);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / SECONDS, p50: percentile(latencies, 50), p95: percentile(latencies, 95), count: latencies.length };
}

/** A 'change' event for each call logged on `from`, heard on a stream opened on `to`. */
async function measureLiveAcross(from: ServerProcess, to: ServerProcess, member: HttpMember) {
  const controller = new AbortController();
  const response = await fetch(`${to.baseUrl}/api/v1/events`, { headers: { cookie: member.cookie }, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`opening the stream failed: ${response.status}`);
  const heard = new Map<string, number>();
  const waiting = new Map<string, () => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!event.includes('event: change')) continue;
        const data = JSON.parse(
          event
            .split('\n')
            .find((l) => l.startsWith('data: '))!
            .slice(6),
        ) as { table: string; id: string };
        if (data.table !== 'activities') continue;
        heard.set(data.id, performance.now());
        waiting.get(data.id)?.();
      }
    }
  })();
  const latencies: number[] = [];
  const roundTrips: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    // From the moment the POST is sent: the NOTIFY goes out at commit, often before the HTTP
    // answer is read, so "after the answer" would be negative.
    const sent = performance.now();
    const { id, ms: roundTrip } = await logCall(from, member);
    roundTrips.push(roundTrip);
    if (!heard.has(id)) await new Promise<void>((r) => waiting.set(id, r));
    latencies.push(heard.get(id)! - sent);
  }
  controller.abort();
  await pump;
  latencies.sort((a, b) => a - b);
  roundTrips.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), worst: latencies.at(-1)!, postP50: percentile(roundTrips, 50) };
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server where the role may create databases.');
  process.env.TEST_DATABASE_URL = adminUrl;
  const database = await createPostgresDatabase('dealboard_bench');
  const settings = new pg.Client({ connectionString: database.url });
  await settings.connect();
  const server = (
    await settings.query<{ v: string; f: string }>(
      "SELECT split_part(current_setting('server_version'), ' ', 1) AS v, current_setting('fsync') AS f",
    )
  ).rows[0]!;
  await settings.end();
  const startLoad = loadavg()[0]!;
  const instances: ServerProcess[] = [];
  try {
    for (let i = 0; i < INSTANCES; i++)
      instances.push(await startServerProcess({ databaseUrl: database.url }, { AUTH_RATE_LIMIT: '10000' }));
    log(`${INSTANCES} instances on one database; making ${MEMBERS} members...`);
    const members: HttpMember[] = [];
    for (let i = 0; i < MEMBERS; i++) members.push(await createMemberOverHttp(instances[0]!.baseUrl, `Rep ${String.fromCharCode(65 + i)}`));

    log(`writes for ${SECONDS} s through one instance...`);
    const one = await measureWrites(instances.slice(0, 1), members);
    log(`  ${one.perSecond.toFixed(0)} calls/s, p50 ${ms(one.p50)}, p95 ${ms(one.p95)}`);
    log(`writes for ${SECONDS} s spread over ${INSTANCES} instances...`);
    const all = await measureWrites(instances, members);
    log(`  ${all.perSecond.toFixed(0)} calls/s, p50 ${ms(all.p50)}, p95 ${ms(all.p95)}`);
    log(`live: ${EVENTS} calls on the first instance, heard on the last...`);
    const live = await measureLiveAcross(instances[0]!, instances.at(-1)!, members[0]!);
    log(
      `  POST sent -> event on the other instance: p50 ${ms(live.p50)}, p95 ${ms(live.p95)}, worst ${ms(live.worst)} (the POST alone: p50 ${ms(live.postP50)})`,
    );

    if (args.includes('--update-docs')) {
      const docs = join(ROOT, 'docs', 'scaling.md');
      const text = readFileSync(docs, 'utf8');
      const section = `## Measured here

\`npm run bench:instances\` (\`bench/instances.bench.ts\`) starts ${INSTANCES} real servers on one fresh PostgreSQL
database, makes ${MEMBERS} members, and has each log calls back to back for ${SECONDS} s, first through one
instance, then through all of them in turn; then it logs ${EVENTS} calls one at a time on the first instance
and times the 'change' event on a stream opened on the last.

\`\`\`sh
TEST_DATABASE_URL=postgres://... npm run bench:instances -- --update-docs
\`\`\`

Measured on ${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores (${cpus()[0]?.model.trim()}), PostgreSQL ${server.v} (fsync ${server.f}),
the servers and the load on the same machine (load average ${startLoad.toFixed(1)} at the start):

| | calls/s | POST p50 | POST p95 |
|---|---|---|---|
| 1 instance | ${one.perSecond.toFixed(0)} | ${ms(one.p50)} | ${ms(one.p95)} |
| ${INSTANCES} instances | ${all.perSecond.toFixed(0)} | ${ms(all.p50)} | ${ms(all.p95)} |

| a call on one instance, heard on another (one at a time) | p50 | p95 | worst |
|---|---|---|---|
| POST sent -> 'change' event on the other instance | ${ms(live.p50)} | ${ms(live.p95)} | ${ms(live.worst)} |
| the POST's own round trip, for comparison | ${ms(live.postP50)} | | |

The event usually arrives before the POST's answer is read: the NOTIFY leaves PostgreSQL at commit, so
another instance hears a change as soon as the writing instance does.

On one 2-core machine a second instance adds no cores: the point of the figures is that spreading the
load does not cost correctness or latency (every instance hears every commit through LISTEN/NOTIFY), not
that it doubles throughput. Separate machines for the instances add their CPU; the database is then the
shared part (decision 028 shortens the write path; docs/performance.md measures it).
`;
      const start = text.indexOf('## Measured here');
      const next = start >= 0 ? text.indexOf('\n## ', start + 1) : -1;
      const updated =
        start < 0 ? `${text.trimEnd()}\n\n${section}` : `${text.slice(0, start)}${section}${next >= 0 ? text.slice(next + 1) : ''}`;
      writeFileSync(docs, updated);
      log('docs/scaling.md updated');
    }
  } finally {
    for (const instance of instances) await instance.kill('SIGTERM');
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
