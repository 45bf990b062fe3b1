/*
 * npm run bench:export: how fast the activities export streams, and how much memory the server
 * holds while it does (docs/performance.md, "Exports"). The real server (`node
 * dist/server/main.mjs`, as `npm start` runs it) on a company of 100 members with a year of history,
 * an admin downloading GET /api/v1/exports/activities as CSV and as XLSX over real HTTP, the way
 * a browser does (Accept-Encoding: gzip, reading as fast as the socket gives).
 *
 * It prints, per engine, rows and format: seconds, rows per second, the time to the first byte,
 * the bytes on the wire, the server's CPU seconds, and its resident memory before the download and
 * at its peak (sampled from /proc every 50 ms): flat memory means the peak does not grow with the rows.
 *
 *   npm run bench:export                                   # PGlite, 1 million rows
 *   BENCH_DATABASE_URL=postgres://user@host:port/db npm run bench:export   # PostgreSQL 1M and 5M, then PGlite 1M
 *   ... -- --rows=1000000            # PostgreSQL row counts (comma-separated; the history is seeded for the largest)
 *   ... -- --pglite-rows=200000 --engine=pglite|postgres|both --formats=csv,xlsx --members=100
 *
 * Seeding: members sign up over HTTP (the first is the admin); activities go in with one
 * INSERT ... SELECT generate_series per member (server/seed/activities.ts, seedActivitySeries),
 * the rollup and notify triggers off and daily_user_stats rebuilt after (withoutActivityTriggers).
 * The year is seeded for the largest row count; a smaller count exports the first days of it
 * that hold that many rows. PostgreSQL: a fresh database on BENCH_DATABASE_URL's server, dropped
 * after. PGlite: a temporary data folder, seeded by this process while the server is stopped
 * (one process may open it at a time).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createGunzip } from 'node:zlib';
import type { LocalDate } from '@core/period';
import { sql } from 'drizzle-orm';
import { type DbHandle, openDatabase } from '../server/db/client';
import { toCompanyId, withInstance } from '../server/db/tenant';
import { seedActivitySeries, withoutActivityTriggers } from '../server/seed/activities';
import { createMemberOverHttp, type HttpMember } from '../server/test/http-members';
import { type ServerData, type ServerProcess, startServerProcess } from '../server/test/server-process';
import { createPostgresDatabase } from '../server/test/test-database';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const POSTGRES_ROWS = (option('rows') ?? '1000000,5000000').split(',').map(Number);
const PGLITE_ROWS = (option('pglite-rows') ?? '1000000').split(',').map(Number);
const FORMATS = (option('formats') ?? 'csv,xlsx').split(',') as ('csv' | 'xlsx')[];
const MEMBERS = Number(option('members') ?? 100);
const DAYS = 365;
const FIRST_DAY = '2025-11-24' as LocalDate;
const TZ = 'Europe/Oslo';
type Engine = 'postgres' | 'pglite';
const ENGINES: Engine[] = (() => {
  const wanted = option('engine') ?? (BENCH_DATABASE_URL ? 'both' : 'pglite');
  const list: Engine[] = wanted === 'both' ? ['postgres', 'pglite'] : [wanted as Engine];
  if (list.includes('postgres') && !BENCH_DATABASE_URL) throw new Error('--engine=postgres needs BENCH_DATABASE_URL');
  return list;
})();

const log = (...parts: unknown[]) => console.info('[bench:export]', ...parts);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

function residentMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

/** CPU time the process has used so far (user + system), in ms (/proc/<pid>/stat counts 10 ms ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** seedActivitySeries's rows per member and day on average for a busy weekday of `max` (weekends a quarter). */
function averagePerDay(max: number): number {
  const spread = Math.max(1, Math.floor(max / 3));
  return (5 * (max - (spread - 1) / 2) + 2 * Math.max(1, Math.floor(max / 4))) / 7;
}

function maxPerDayFor(rows: number): number {
  let max = 1;
  while (averagePerDay(max) * MEMBERS * DAYS < rows) max++;
  return max;
}

type Result = {
  engine: string;
  rows: number;
  format: string;
  ms: number;
  firstByteMs: number;
  wireBytes: number;
  cpuMs: number;
  rssBeforeMb: number;
  rssPeakMb: number;
};

/** Downloads one export over HTTP as a browser would, sampling the server's memory meanwhile. */
async function download(server: ServerProcess, admin: HttpMember, path: string, format: 'csv' | 'xlsx') {
  const pid = server.pid;
  const rssBefore = residentMb(pid);
  const cpuBefore = cpuMs(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, residentMb(pid))), 50);
  const started = performance.now();
  let firstByte = 0;
  let wireBytes = 0;
  let lines = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const req = request(`${server.baseUrl}${path}`, { headers: { cookie: admin.cookie, 'accept-encoding': 'gzip' } }, (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return reject(new Error(`${path}: ${res.statusCode}`));
        }
        res.on('data', (chunk: Buffer) => {
          if (wireBytes === 0) firstByte = performance.now() - started;
          wireBytes += chunk.length;
        });
        // CSV: count the lines that arrive, to know every row did.
        if (format === 'csv') {
          const text = res.headers['content-encoding'] === 'gzip' ? res.pipe(createGunzip()) : res;
          text.on('data', (chunk: Buffer) => {
            for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
          });
          text.on('end', resolve);
          text.on('error', reject);
        } else {
          res.on('end', resolve);
        }
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    clearInterval(sampler);
  }
  return {
    ms: performance.now() - started,
    firstByteMs: firstByte,
    wireBytes,
    lines,
    cpuMs: cpuMs(pid) - cpuBefore,
    rssBeforeMb: rssBefore,
    rssPeakMb: Math.max(rssPeak, residentMb(pid)),
  };
}

/** The last local day of the history's first days that hold at least `rows` activities, and how many they hold. */
async function findRange(database: DbHandle, companyId: string, rows: number): Promise<{ to: string; rows: number }> {
  // As the tables' owner, in the company's scope (the policies are forced on the owner too).
  const result = (await withInstance(database.db, { companyId: toCompanyId(companyId), userId: null }, (tx) =>
    tx.execute(sql`
      SELECT day::text AS day, sum(n) OVER (ORDER BY day)::float8 AS total
      FROM (SELECT local_date AS day, count(*) AS n FROM activities WHERE company_id = ${companyId} GROUP BY local_date) days
      ORDER BY day`),
  )) as unknown as { rows: { day: string; total: number }[] };
  const hit = result.rows.find((r) => r.total >= rows) ?? result.rows.at(-1)!;
  return { to: hit.day, rows: hit.total };
}

async function seed(database: DbHandle, companyId: string, members: HttpMember[], maxRows: number): Promise<number> {
  const maxPerDay = maxPerDayFor(maxRows);
  const started = performance.now();
  let inserted = 0;
  let next = 0;
  const concurrency = database.engine === 'postgres' ? 2 : 1;
  await withoutActivityTriggers(database.db, companyId, async () => {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < members.length) {
          const index = next++;
          const rows = await seedActivitySeries(database.db, {
            companyId,
            userId: members[index]!.userId,
            timezone: TZ,
            from: FIRST_DAY,
            days: DAYS,
            maxPerDay,
            salt: index,
          });
          inserted += rows;
        }
      }),
    );
  });
  await database.db.execute(sql`VACUUM ANALYZE activities`);
  log(
    `seeded ${inserted.toLocaleString('en')} activities (${maxPerDay} on a busy day per member) in ${seconds(performance.now() - started)} s`,
  );
  return inserted;
}

/** 1 -> "B", 27 -> "BB": names of letters only (the e-mail address is made from the name). */
function lettersOf(index: number): string {
  return String.fromCharCode(65 + (index % 26)).repeat(1 + Math.floor(index / 26));
}

async function createMembers(baseUrl: string): Promise<HttpMember[]> {
  const started = performance.now();
  const admin = await createMemberOverHttp(baseUrl, 'Bench Admin'); // the first member is the admin
  const members = [admin];
  let next = 1;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < MEMBERS) {
        const index = next++;
        members.push(await createMemberOverHttp(baseUrl, `Rep ${lettersOf(index)}`));
      }
    }),
  );
  log(`${members.length} members signed up in ${seconds(performance.now() - started)} s`);
  return members;
}

async function runEngine(engine: Engine, targets: number[]): Promise<Result[]> {
  const maxRows = Math.max(...targets);
  let data: ServerData;
  let cleanup: () => Promise<void>;
  let label: string;
  if (engine === 'postgres') {
    process.env.TEST_DATABASE_URL = BENCH_DATABASE_URL; // createPostgresDatabase creates it on that server
    const database = await createPostgresDatabase('dealboard_bench_export');
    data = { databaseUrl: database.url };
    cleanup = database.drop;
    label = 'PostgreSQL';
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-bench-export-'));
    data = { dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    label = 'PGlite';
  }
  let server: ServerProcess | null = null;
  const results: Result[] = [];
  try {
    server = await startServerProcess(data, { AUTH_RATE_LIMIT: '10000' }, `the server (${label})`);
    const members = await createMembers(server.baseUrl);
    const admin = members[0]!;
    if (engine === 'pglite') await server.kill('SIGTERM'); // the folder is this process's while it seeds
    const database =
      'databaseUrl' in data
        ? await openDatabase({ engine: 'postgres', url: data.databaseUrl, poolSize: 3 })
        : await openDatabase({ engine: 'pglite', dataDir: data.dataDir });
    const ranges: { to: string; rows: number }[] = [];
    try {
      await seed(database, admin.companyId, members, maxRows);
      for (const target of targets) ranges.push(await findRange(database, admin.companyId, target));
    } finally {
      await database.close();
    }
    if (engine === 'pglite') server = await startServerProcess(data, { AUTH_RATE_LIMIT: '10000' }, `the server (${label})`);
    log(`${label}: server resident memory after start ${residentMb(server.pid).toFixed(0)} MB`);
    for (const range of ranges) {
      for (const format of FORMATS) {
        const path = `/api/v1/exports/activities?from=${FIRST_DAY}&to=${range.to}&format=${format}`;
        log(`${label}: ${range.rows.toLocaleString('en')} rows as ${format} (load ${loadavg()[0]!.toFixed(1)}) ...`);
        const measured = await download(server, admin, path, format);
        if (format === 'csv' && measured.lines !== range.rows + 1) {
          throw new Error(`${format}: expected ${range.rows + 1} lines, got ${measured.lines}`);
        }
        const result = { engine: label, rows: range.rows, format, ...measured };
        results.push(result);
        log(
          `  ${seconds(result.ms)} s, ${Math.round(result.rows / (result.ms / 1000)).toLocaleString('en')} rows/s, ` +
            `first byte ${seconds(result.firstByteMs)} s, ${(result.wireBytes / 1e6).toFixed(1)} MB on the wire, ` +
            `RSS ${result.rssBeforeMb.toFixed(0)} -> peak ${result.rssPeakMb.toFixed(0)} MB`,
        );
      }
    }
  } finally {
    await server?.kill('SIGTERM');
    await cleanup();
  }
  return results;
}

const all: Result[] = [];
for (const engine of ENGINES) all.push(...(await runEngine(engine, engine === 'postgres' ? POSTGRES_ROWS : PGLITE_ROWS)));

console.log(
  `\nMachine: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${loadavg()[0]!.toFixed(1)} at the end`,
);
console.log(
  '\n| engine | rows | format | seconds | rows/s | first byte (s) | on the wire (MB) | server CPU (s) | RSS before (MB) | peak RSS (MB) |',
);
console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of all) {
  console.log(
    `| ${r.engine} | ${r.rows.toLocaleString('en')} | ${r.format.toUpperCase()} | ${seconds(r.ms)} | ${Math.round(r.rows / (r.ms / 1000)).toLocaleString('en')} | ${seconds(r.firstByteMs)} | ${(r.wireBytes / 1e6).toFixed(1)} | ${seconds(r.cpuMs)} | ${r.rssBeforeMb.toFixed(0)} | ${r.rssPeakMb.toFixed(0)} |`,
  );
}
