/*
 * npm run bench:write: the write path, side by side in one run (docs/performance.md
 * "Write path"):
 *
 *   - app:     the real server (`node dist/server/main.mjs`, its bundle, as `npm start` runs it) and its
 *              POST /api/v1/activities, signed in as one of 20 members (each with its own session
 *              cookie, made through the real sign-up, confirmation and sign-in);
 *   - minimal: bench/support/minimal-write-server.ts on the same database, doing only BEGIN;
 *              SET LOCAL ROLE app_user; the two set_configs; one INSERT into activities (the rollup
 *              and notify triggers firing); COMMIT.
 *
 * Over real HTTP on keep-alive sockets from this process (bench/support/http-load.ts), at 10 and 50
 * connections, in alternating rounds (app, minimal, app, minimal ...), each side in its own process
 * started for its round. PostgreSQL (BENCH_DATABASE_URL: a fresh database is created there and
 * dropped after) and the embedded PGlite (a temporary data folder; one process may open it at a
 * time, which is why each side is started for its round and stopped after). The app side also
 * times a read (today's leaderboard) at the same connections.
 *
 * It prints, per engine, connections, round and side: requests/s, p50/p99 latency, errors (non-2xx
 * or a failed socket), the statements per request and the 1-minute load average; then app ÷ minimal.
 * Statements are counted inside the server process (bench/support/count-statements.mjs: every
 * statement the driver sends) and, on PostgreSQL with pg_stat_statements loaded, by the database
 * too: both are printed, so the two counts cannot drift apart unseen. Then an idle app's statements
 * a minute (--idle-minutes, default 3, quick 0.5; 0 to skip). The app's resident memory is printed after start, after the sign-ups and idle
 * after each round.
 *
 *   npm run bench:write                                    # PGlite only
 *   BENCH_DATABASE_URL=postgres://user:pw@host:port/db npm run bench:write      # PostgreSQL and PGlite
 *   npm run bench:write -- --quick                         # short rounds, a smoke run
 *   ... -- --update-docs                                   # rewrite the results in docs/performance.md
 *
 * Options: --engine=pglite|postgres|both, --connections=10,50, --rounds=3, --seconds=10 (quick 3),
 * --warmup=2 (quick 1), --members=20, --no-reads, --no-customer (log calls without a customer name),
 * --idle=10 (quick 3: seconds the app sits idle after its round before its memory is read).
 * BENCH_CPU_PROFILE_DIR=<folder>: each server process writes a CPU profile of its life there when it
 * stops (open it in Chrome's DevTools, Performance).
 * BENCH_STATEMENT_TIMES=<file> (PGlite): each server process writes the engine's time per statement to
 * <file>.<pid> when it stops, the costliest first (bench/support/count-statements.mjs).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { createMemberOverHttp, type HttpMember } from '../server/test/http-members';
import { findFreePort, type ServerProcess, startServerProcess, waitUntilHealthy } from '../server/test/server-process';
import { createPostgresDatabase } from '../server/test/test-database';
import { createLoadAgent, type LoadRequest, type LoadResult, runLoad } from './support/http-load';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const QUICK = flag('quick');
const CONNECTIONS = (option('connections') ?? '10,50').split(',').map(Number);
const ROUNDS = Number(option('rounds') ?? 3);
const SECONDS = Number(option('seconds') ?? (QUICK ? 3 : 10));
const WARMUP_SECONDS = Number(option('warmup') ?? (QUICK ? 1 : 2));
const MEMBERS = Number(option('members') ?? 20);
const READS = !flag('no-reads');
/** How long the app sits idle after its round before its memory is read. */
const IDLE_SECONDS = Number(option('idle') ?? (QUICK ? 3 : 10));
/** How long an idle app's statements are counted, in minutes (0: not measured). */
const IDLE_MINUTES = Number(option('idle-minutes') ?? (QUICK ? 0.5 : 3));
const WITH_CUSTOMER = !flag('no-customer');
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ENGINES: Engine[] = (() => {
  const wanted = option('engine') ?? (BENCH_DATABASE_URL ? 'both' : 'pglite');
  const list: Engine[] = wanted === 'both' ? ['postgres', 'pglite'] : [wanted as Engine];
  if (list.includes('postgres') && !BENCH_DATABASE_URL) throw new Error('--engine=postgres needs BENCH_DATABASE_URL');
  return list;
})();
/** Loaded into both servers: counts statements where the database cannot (count-statements.mjs). */
const PRELOAD = `--import=${pathToFileURL(join(ROOT, 'bench', 'support', 'count-statements.mjs')).href}`;

type Engine = 'postgres' | 'pglite';
type Side = 'app' | 'minimal' | 'app read';
type Row = {
  engine: Engine;
  connections: number;
  round: number;
  side: Side;
  result: LoadResult;
  /** Statements per request as the server process counted them (bench/support/count-statements.mjs). */
  statementsPerRequest: number;
  /** The same as PostgreSQL counted them (pg_stat_statements), when it can: the two must agree. */
  databaseStatementsPerRequest: number | null;
  /** The server process's CPU time per request (all of its threads). */
  cpuPerRequest: number;
  load: number;
};
type EngineSetup = {
  engine: Engine;
  label: string;
  data: { dataDir: string } | { databaseUrl: string };
  statementSource: string;
  /** Statements run so far on the database, or null when they are counted in the server process. */
  countStatements: (() => Promise<number>) | null;
  cleanup: () => Promise<void>;
};

const log = (...parts: unknown[]) => console.info('[bench:write]', ...parts);
/** Per engine: what an idle app costs its database (measureIdle). */
const idleFigures = new Map<Engine, string>();
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

function residentMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** CPU time the process has used so far (user + system), in ms; /proc/<pid>/stat counts in ticks of 10 ms. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

type ProcessReport = {
  statements: number;
  memory: {
    heapUsed: number;
    heapTotal: number;
    external: number;
    arrayBuffers: number;
    pgliteHeap: number;
    rssAfterGc: number;
    heapLive: number;
    externalAfterGc: number;
  };
};

/** The statements a server process has sent so far, and its memory (count-statements.mjs answers SIGUSR2). */
async function readProcessReport(server: ServerProcess): Promise<ProcessReport> {
  const from = server.output().length;
  process.kill(server.pid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    const match = /\[bench:statements\] (\d+) (\{.*\})\n/.exec(server.output().slice(from));
    if (match) return { statements: Number(match[1]), memory: JSON.parse(match[2]!) as ProcessReport['memory'] };
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the server did not report its statement count');
}

/**
 * Resident memory and what V8 and PGlite account for, as found and after a full garbage
 * collection, e.g. "519 MB (V8 heap 200 used of 230, outside it 150, PGlite's WASM heap 128); after a
 * full GC 420 MB (V8 heap 60 live, outside it 142)".
 */
async function describeMemory(server: ServerProcess): Promise<string> {
  const rss = residentMb(server.pid);
  const { memory: m } = await readProcessReport(server);
  const mb = (bytes: number) => fmt(bytes / 1048576);
  const engine = m.pgliteHeap ? `, PGlite's WASM heap ${mb(m.pgliteHeap)}` : '';
  return `${fmt(rss)} MB (V8 heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}, outside it ${mb(m.external)}${engine}); after a full GC ${mb(m.rssAfterGc)} MB (V8 heap ${mb(m.heapLive)} live, outside it ${mb(m.externalAfterGc)})`;
}

async function startApp(setup: EngineSetup): Promise<ServerProcess> {
  return startServerProcess(setup.data, { AUTH_RATE_LIMIT: '10000', NODE_OPTIONS: PRELOAD }, `the app (${setup.engine})`);
}

async function startMinimal(setup: EngineSetup, timezone: string): Promise<ServerProcess> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/minimal-write-server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: PRELOAD,
      PORT: String(port),
      BENCH_ENGINE: setup.engine,
      BENCH_TIMEZONE: timezone,
      DATABASE_URL: 'databaseUrl' in setup.data ? setup.data.databaseUrl : '',
      DATA_DIR: 'dataDir' in setup.data ? setup.data.dataDir : '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const server: ServerProcess = {
    baseUrl,
    pid: child.pid!,
    output: () => output,
    exited,
    kill: async (signal) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  await waitUntilHealthy(server, `the minimal route (${setup.engine})`);
  return server;
}

async function setUpEngine(engine: Engine): Promise<EngineSetup> {
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-bench-write-'));
    const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
      version: string;
    };
    return {
      engine,
      label: `PGlite ${version} (PostgreSQL 18 in WASM), data folder on ${tmpdir()}, no fsync (PGlite never fsyncs)`,
      data: { dataDir },
      statementSource: 'counted in the server process (Parse and Query messages to PGlite)',
      countStatements: null,
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  process.env.TEST_DATABASE_URL = BENCH_DATABASE_URL; // createPostgresDatabase creates it on that server
  const database = await createPostgresDatabase('dealboard_bench');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const server = (
    await client.query<{ v: string; f: string }>(
      "SELECT split_part(current_setting('server_version'), ' ', 1) AS v, current_setting('fsync') AS f",
    )
  ).rows[0]!;
  // pg_stat_statements counts on the server, but only when it is in shared_preload_libraries and
  // this role may create the extension (a superuser, or a private bench cluster).
  let countStatements: EngineSetup['countStatements'] = null;
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const read = async () =>
      Number(
        (
          await client.query<{ n: string }>(
            'SELECT coalesce(sum(calls), 0)::bigint AS n FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())',
          )
        ).rows[0]!.n,
      ) - 1; // each read counts the read before it
    await read();
    countStatements = read;
  } catch {
    // not available: counted in the server process instead
  }
  return {
    engine,
    label: `PostgreSQL ${server.v} (fsync ${server.f}), a fresh database on ${new URL(database.url).host}`,
    data: { databaseUrl: database.url },
    statementSource: countStatements
      ? 'pg_stat_statements'
      : 'counted in the server process (pg_stat_statements is not loaded on this server)',
    countStatements,
    cleanup: async () => {
      await client.end();
      await database.drop();
    },
  };
}

function writeRequest(side: 'app' | 'minimal', members: HttpMember[], baseUrl: string) {
  return (n: number): LoadRequest => {
    const member = members[n % members.length]!;
    const body = JSON.stringify({
      kind: 'call',
      answered: true,
      outcome: 'no_progress',
      ...(WITH_CUSTOMER ? { customerName: `Customer ${n % 50}` } : {}),
    });
    const headers: Record<string, string> = { 'content-type': 'application/json', origin: baseUrl };
    if (side === 'app') return { method: 'POST', path: '/api/v1/activities', headers: { ...headers, cookie: member.cookie }, body };
    return { method: 'POST', path: '/write', headers: { ...headers, 'x-company-id': member.companyId, 'x-user-id': member.userId }, body };
  };
}

function readRequest(members: HttpMember[], baseUrl: string) {
  return (n: number): LoadRequest => ({
    method: 'GET',
    path: '/api/v1/scoreboard/leaderboard?period=today&sort=points',
    headers: { origin: baseUrl, cookie: members[n % members.length]!.cookie },
  });
}

/** Warms up, then times one load and counts the statements it caused. */
async function measure(
  setup: EngineSetup,
  server: ServerProcess,
  connections: number,
  makeRequest: (n: number) => LoadRequest,
): Promise<{
  result: LoadResult;
  statementsPerRequest: number;
  databaseStatementsPerRequest: number | null;
  cpuPerRequest: number;
  load: number;
}> {
  // The warm-up opens the connections; the timed run goes on over them, as browsers keep theirs.
  const agent = createLoadAgent(connections);
  await runLoad({ baseUrl: server.baseUrl, connections, seconds: WARMUP_SECONDS, makeRequest, agent });
  const countInServer = async () => (await readProcessReport(server)).statements;
  const before = await countInServer();
  const databaseBefore = await setup.countStatements?.();
  const load = loadavg()[0]!;
  const cpuBefore = cpuMs(server.pid);
  const result = await runLoad({ baseUrl: server.baseUrl, connections, seconds: SECONDS, makeRequest, agent });
  agent.destroy();
  const cpuPerRequest = (cpuMs(server.pid) - cpuBefore) / result.completed;
  // The database's count first: reading the server's report sends no statement, but the other
  // order would let the server's background work slip in between the two.
  const databaseAfter = await setup.countStatements?.();
  const statementsPerRequest = ((await countInServer()) - before) / result.completed;
  const databaseStatementsPerRequest =
    databaseBefore === undefined || databaseAfter === undefined ? null : (databaseAfter - databaseBefore) / result.completed;
  return { result, statementsPerRequest, databaseStatementsPerRequest, cpuPerRequest, load };
}

/**
 * What an idle app costs its database: statements over IDLE_MINUTES with no request, after its
 * start-up rounds (decision 095: workers wait to be woken and look on their own every 5 minutes,
 * or at the minute for what is due at a minute of the day).
 */
async function measureIdle(setup: EngineSetup, server: ServerProcess): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const before = await readProcessReport(server);
  const databaseBefore = await setup.countStatements?.();
  await new Promise((resolve) => setTimeout(resolve, IDLE_MINUTES * 60_000));
  const databaseAfter = await setup.countStatements?.();
  const after = await readProcessReport(server);
  const perMinute = (after.statements - before.statements) / IDLE_MINUTES;
  const database =
    databaseBefore === undefined || databaseAfter === undefined
      ? ''
      : `; PostgreSQL counted ${fmt((databaseAfter - databaseBefore) / IDLE_MINUTES, 1)} a minute`;
  return `${fmt(perMinute, 1)} statements a minute (${after.statements - before.statements} in ${IDLE_MINUTES} min)${database}`;
}

function describe(row: Row): string {
  const r = row.result;
  const errors = r.errors ? ` (${[...r.errorKinds].map(([k, n]) => `${k} x${n}`).join(', ')})` : '';
  return `${row.engine} ${row.side.padEnd(8)} c=${String(row.connections).padEnd(3)} round ${row.round}: ${fmt(r.perSecond).padStart(5)} req/s, p50 ${fmt(r.p50, 1)} ms, p99 ${fmt(r.p99, 1)} ms, errors ${r.errors}${errors}, ${fmt(row.statementsPerRequest, 1)}${row.databaseStatementsPerRequest === null ? '' : ` (PostgreSQL ${fmt(row.databaseStatementsPerRequest, 1)})`} statements/req, ${fmt(row.cpuPerRequest, 1)} ms CPU/req, load ${fmt(row.load, 1)}`;
}

async function benchEngine(engine: Engine, rows: Row[], memory: string[]): Promise<string> {
  const setup = await setUpEngine(engine);
  log(`${setup.label}`);
  let app: ServerProcess | null = null;
  try {
    app = await startApp(setup);
    const afterStart = await describeMemory(app);
    log(`making ${MEMBERS} members through the API...`);
    const members: HttpMember[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      // Letters only: the e-mail address is made from the name.
      const member = await createMemberOverHttp(app.baseUrl, `Rep ${String.fromCharCode(65 + (i % 26)).repeat(1 + Math.floor(i / 26))}`);
      if (i > 0 && member.companyId !== members[0]!.companyId) throw new Error('the members did not join one company');
      members.push(member);
    }
    const me = (await (await fetch(`${app.baseUrl}/api/v1/me`, { headers: { cookie: members[0]!.cookie } })).json()) as {
      company: { timezone: string };
    };
    const timezone = me.company.timezone;
    memory.push(`${engine}, after start: ${afterStart}`, `${engine}, after the ${MEMBERS} sign-ups: ${await describeMemory(app)}`);

    for (let round = 1; round <= ROUNDS; round++) {
      for (const side of ['app', 'minimal'] as const) {
        const server: ServerProcess = side === 'app' ? (app ??= await startApp(setup)) : await startMinimal(setup, timezone);
        try {
          for (const connections of CONNECTIONS) {
            const row: Row = {
              engine,
              connections,
              round,
              side,
              ...(await measure(setup, server, connections, writeRequest(side, members, server.baseUrl))),
            };
            rows.push(row);
            log(describe(row));
            if (side === 'app' && READS) {
              const read: Row = {
                engine,
                connections,
                round,
                side: 'app read',
                ...(await measure(setup, server, connections, readRequest(members, server.baseUrl))),
              };
              rows.push(read);
              log(describe(read));
            }
          }
          if (side === 'app') {
            await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
            const idle = await describeMemory(server);
            memory.push(`${engine}, idle after round ${round}: ${idle}`);
            log(`app resident memory, idle after the round: ${idle}`);
          }
        } finally {
          await server.kill('SIGTERM');
          if (side === 'app') app = null;
        }
      }
    }
    if (IDLE_MINUTES > 0) {
      const server = await startApp(setup);
      try {
        log(`counting an idle app's statements for ${IDLE_MINUTES} min...`);
        const idle = await measureIdle(setup, server);
        idleFigures.set(engine, idle);
        log(`idle: ${idle}`);
      } finally {
        await server.kill('SIGTERM');
      }
    }
    return `${setup.label}; statements ${setup.statementSource}`;
  } finally {
    await app?.kill('SIGTERM');
    await setup.cleanup();
  }
}

const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : NaN;
};

function renderResults(rows: Row[], labels: Map<Engine, string>, memory: string[], startLoad: number, endLoad: number): string {
  const lines: string[] = [];
  const date = new Date().toISOString().slice(0, 10);
  lines.push(
    `Measured ${date}: ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, ${MEMBERS} members of one company,`,
    `${ROUNDS} alternating rounds of ${SECONDS} s (after ${WARMUP_SECONDS} s of warm-up) per side and connection count, calls logged${WITH_CUSTOMER ? ' with a customer name (one of 50)' : ' without a customer'};`,
    `load average (1 min) ${fmt(startLoad, 1)} at the start and ${fmt(endLoad, 1)} at the end.`,
    '',
  );
  for (const [engine, label] of labels) {
    lines.push(`**${label}.**`, '');
    lines.push(
      '| connections | round | side | requests/s | p50 ms | p99 ms | errors | statements/request (server; PostgreSQL) | server CPU ms/request | load avg |',
    );
    lines.push('|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const row of rows.filter((r) => r.engine === engine)) {
      const r = row.result;
      const statements =
        row.databaseStatementsPerRequest === null
          ? fmt(row.statementsPerRequest, 1)
          : `${fmt(row.statementsPerRequest, 1)}; ${fmt(row.databaseStatementsPerRequest, 1)}`;
      lines.push(
        `| ${row.connections} | ${row.round} | ${row.side} | ${fmt(r.perSecond)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.errors} | ${statements} | ${fmt(row.cpuPerRequest, 1)} | ${fmt(row.load, 1)} |`,
      );
    }
    lines.push(
      '',
      '| connections | app writes/s (median) | minimal writes/s (median) | app ÷ minimal (per round) | app ÷ minimal (medians) |',
      '|---:|---:|---:|---|---:|',
    );
    for (const connections of CONNECTIONS) {
      const pick = (side: Side) => rows.filter((r) => r.engine === engine && r.connections === connections && r.side === side);
      const app = pick('app');
      const minimal = pick('minimal');
      const perRound = app.map((a, i) => fmt(a.result.perSecond / (minimal[i]?.result.perSecond ?? NaN), 2)).join(', ');
      const appMedian = median(app.map((r) => r.result.perSecond));
      const minimalMedian = median(minimal.map((r) => r.result.perSecond));
      lines.push(`| ${connections} | ${fmt(appMedian)} | ${fmt(minimalMedian)} | ${perRound} | ${fmt(appMedian / minimalMedian, 2)} |`);
    }
    const idle = idleFigures.get(engine);
    if (idle) lines.push('', `An idle app (no request, after its start): ${idle}.`);
    lines.push('');
  }
  lines.push(
    'Resident memory of the app process (VmRSS in `/proc/<pid>/status`; in brackets what V8 reports, all in MB: its heap, memory',
    "outside it (buffers, WASM memory: counted at full size, resident or not) and PGlite's WASM heap; then the same right after a",
    'full garbage collection, which the bench asks the process for):',
    '',
    ...memory.map((m) => `- ${m}`),
  );
  return lines.join('\n');
}

const DOCS_START = '<!-- bench:write results start -->';
const DOCS_END = '<!-- bench:write results end -->';

function updateDocs(results: string): void {
  const path = join(ROOT, 'docs', 'performance.md');
  const text = readFileSync(path, 'utf8');
  const start = text.indexOf(DOCS_START);
  const end = text.indexOf(DOCS_END);
  if (start < 0 || end < start) throw new Error(`docs/performance.md has no ${DOCS_START} ... ${DOCS_END} block`);
  writeFileSync(path, `${text.slice(0, start + DOCS_START.length)}\n${results}\n${text.slice(end)}`);
  log('docs/performance.md updated');
}

async function main() {
  const startLoad = loadavg()[0]!;
  log(
    `engines ${ENGINES.join(', ')}; connections ${CONNECTIONS.join(', ')}; ${ROUNDS} rounds of ${SECONDS} s; load average ${fmt(startLoad, 1)}`,
  );
  const rows: Row[] = [];
  const labels = new Map<Engine, string>();
  const memory: string[] = [];
  for (const engine of ENGINES) labels.set(engine, await benchEngine(engine, rows, memory));
  const results = renderResults(rows, labels, memory, startLoad, loadavg()[0]!);
  console.info(`\n${results}\n`);
  if (flag('update-docs')) updateDocs(results);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
