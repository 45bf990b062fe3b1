/*
 * npm run bench:webhooks: how fast a backlog of webhook deliveries drains to one fast receiver
 * (decision 073; docs/performance.md, "Webhook deliveries"). The real server (its bundle, as
 * `npm start` runs it), an admin's endpoint for activity.created on a local receiver that answers
 * 204 at once. N activities are logged eight at a time as fast as the server takes them, and the
 * bench times from the first log until the receiver has all N (and how long the queue took to
 * empty after the last log). A turned-off endpoint queues nothing, so the backlog is made by
 * logging faster than one delivery at a time could follow. It fails if one arrives twice.
 *
 *   npm run bench:webhooks                                      # PGlite, one instance, 500 deliveries
 *   BENCH_DATABASE_URL=postgres://... npm run bench:webhooks -- --instances=2   # two instances on PostgreSQL
 *   ... -- --deliveries=1000
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startWebhookReceiver } from '../server/modules/webhooks/webhook-receiver.test-support';
import { callApi, createMemberOverHttp } from '../server/test/http-members';
import { type ServerData, type ServerProcess, startServerProcess } from '../server/test/server-process';
import { createPostgresDatabase } from '../server/test/test-database';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const DELIVERIES = Number(option('deliveries') ?? 500);
const INSTANCES = Number(option('instances') ?? 1);
if (INSTANCES > 1 && !BENCH_DATABASE_URL) throw new Error('--instances above 1 needs BENCH_DATABASE_URL (PGlite is one process)');
const log = (...parts: unknown[]) => console.info('[bench:webhooks]', ...parts);

async function expectOk(response: Response, what: string): Promise<Record<string, unknown>> {
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${what}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function main() {
  let data: ServerData;
  let cleanup: () => Promise<void>;
  if (BENCH_DATABASE_URL) {
    process.env.TEST_DATABASE_URL = BENCH_DATABASE_URL;
    const database = await createPostgresDatabase('dealboard_bench_webhooks', { migrated: true });
    data = { databaseUrl: database.url };
    cleanup = database.drop;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-bench-webhooks-'));
    data = { dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const label = BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const receiver = await startWebhookReceiver();
  receiver.respond(() => ({ status: 204 }));
  const servers: ServerProcess[] = [];
  try {
    for (let i = 0; i < INSTANCES; i++) servers.push(await startServerProcess(data, { AUTH_RATE_LIMIT: '10000' }, `instance ${i + 1}`));
    const baseUrl = servers[0]!.baseUrl;
    const admin = await createMemberOverHttp(baseUrl, 'Bench Admin');
    const endpoint = await expectOk(
      await callApi(baseUrl, '/api/v1/admin/webhooks', {
        cookie: admin.cookie,
        json: { url: receiver.url('/hook'), events: ['activity.created'] },
      }),
      'creating the endpoint',
    );
    if (!endpoint.id) throw new Error('no endpoint id');
    const started = performance.now();
    // Eight at a time, as a busy team logs.
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < DELIVERIES) {
          next++;
          await expectOk(
            await callApi(baseUrl, '/api/v1/activities', { cookie: admin.cookie, json: { kind: 'call', answered: false } }),
            'logging a call',
          );
        }
      }),
    );
    const loggedAt = performance.now();
    const waiting = DELIVERIES - receiver.received.length;
    log(
      `${label}, ${INSTANCES} instance(s): ${DELIVERIES} calls logged in ${((loggedAt - started) / 1000).toFixed(1)} s; ${waiting} deliveries still to go`,
    );
    const deadline = Date.now() + 120_000;
    while (receiver.received.length < DELIVERIES && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const seconds = (performance.now() - started) / 1000;
    const ids = receiver.received.map((request) => String(request.headers['webhook-id']));
    if (ids.length < DELIVERIES) throw new Error(`only ${ids.length} of ${DELIVERIES} arrived within 2 minutes of the last log`);
    if (new Set(ids).size !== ids.length) throw new Error(`${ids.length - new Set(ids).size} deliveries arrived twice`);
    const rate = DELIVERIES / seconds;
    const tail = (performance.now() - loggedAt) / 1000;
    // The backlog left when logging stopped, over the time it took to empty: the rate the queue drains at.
    const drainRate = waiting / Math.max(tail, 0.001);
    log(
      `all ${DELIVERIES} arrived once, ${seconds.toFixed(1)} s after the first log: ${rate.toFixed(0)} deliveries a second; the queue emptied ${tail.toFixed(1)} s after the last log`,
    );
    console.log(
      `\nMachine: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${loadavg()[0]!.toFixed(1)} at the end`,
    );
    console.log(
      '\n| engine | instances | deliveries | logging (s) | all arrived (s) | deliveries a second | left at the last log | emptied after (s) | drain rate (a second) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${label} | ${INSTANCES} | ${DELIVERIES} | ${((loggedAt - started) / 1000).toFixed(1)} | ${seconds.toFixed(1)} | ${rate.toFixed(0)} | ${waiting} | ${tail.toFixed(1)} | ${drainRate.toFixed(0)} |`,
    );
  } finally {
    for (const server of servers) await server.kill('SIGTERM');
    await receiver.close();
    await cleanup();
  }
}

await main();
