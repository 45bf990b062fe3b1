/*
 * npm run bench:import: how long a spreadsheet import of 100,000 activities takes (docs/performance.md,
 * "Imports"; decision 039). The real server (`node dist/server/main.mjs`, as `npm start`
 * runs it) on a company of 20 members; an admin uploads one CSV over real HTTP (multipart), then
 * commits it, then undoes it. After the commit and after the undo the rollup (daily_user_stats) is
 * compared with a recount of the activities: every (member, day) must agree.
 *
 * It prints, per engine: the file's size, the seconds of the upload (parse, store, check every
 * row), the commit (points, set-based inserts, one rollup statement per member and day) and the
 * undo, and the rows per second of the commit. The target: the commit of 100,000 rows under a
 * minute on PostgreSQL on this machine.
 *
 * Meanwhile a prober asks /api/health every 20 ms and the bench prints the slowest answer during
 * the upload, the commit, the undo, and two refused files: a CSV of 400,000 rows (about 12 MB) and an XLSX of
 * 1,000,000 one-cell rows (about 8 MB). The goal: under 200 ms in each, so one company's file never
 * stalls the others.
 *
 *   BENCH_DATABASE_URL=postgres://user@host:port/db npm run bench:import   # PostgreSQL (a fresh database, dropped after)
 *   npm run bench:import -- --engine=pglite                               # PGlite (a temporary data folder)
 *   ... -- --rows=100000 --members=20
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/client';
import { buildOneCellXlsx } from '../server/modules/imports/import-files.test-support';
import { toCompanyId, withInstance } from '../server/db/tenant';
import { findRollupDriftIn } from '../server/modules/activities/activities.service';
import { createMemberOverHttp, type HttpMember } from '../server/test/http-members';
import { type ServerData, type ServerProcess, startServerProcess } from '../server/test/server-process';
import { createPostgresDatabase } from '../server/test/test-database';

const args = process.argv.slice(2);
const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ROWS = Number(option('rows') ?? 100_000);
const MEMBERS = Number(option('members') ?? 20);
type Engine = 'postgres' | 'pglite';
const ENGINE: Engine = (option('engine') as Engine | undefined) ?? (BENCH_DATABASE_URL ? 'postgres' : 'pglite');
if (ENGINE === 'postgres' && !BENCH_DATABASE_URL) throw new Error('--engine=postgres needs BENCH_DATABASE_URL');

const log = (...parts: unknown[]) => console.info('[bench:import]', ...parts);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

// The kinds a new company has turned on (e-mail and LinkedIn are off by default).
const TYPES = ['Samtale besvart', 'Ubesvart', 'Møte', 'Salg', 'Samtale besvart', 'Ubesvart', 'Samtale besvart', 'Ubesvart'];
const OUTCOMES = ['', 'Møte booket', 'Kom videre', 'Ingen fremgang'];

/** A Norwegian-style CSV (';', decimal commas, dd.mm.yyyy) of `rows` activities over the last 300 days. */
function buildCsv(members: HttpMember[], rows: number): string {
  const lines = ['Dato;Tid;E-post;Aktivitet;Utfall;Kunde;Verdi;Produkt;Notat'];
  const today = Date.now();
  for (let i = 0; i < rows; i++) {
    const day = new Date(today - (1 + (i % 300)) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}.${String(day.getUTCMonth() + 1).padStart(2, '0')}.${day.getUTCFullYear()}`;
    const time = `${String(8 + (i % 9)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`;
    const type = TYPES[i % TYPES.length]!;
    const outcome = type === 'Samtale besvart' ? OUTCOMES[i % OUTCOMES.length]! : '';
    const sale = type === 'Salg';
    lines.push(
      [
        date,
        time,
        members[i % members.length]!.email,
        type,
        outcome,
        i % 3 === 0 ? `Kunde ${i % 500} AS` : '',
        sale ? `${1000 + (i % 9000)},${String(i % 100).padStart(2, '0')}` : '',
        sale ? 'Årsavtale' : '',
        i % 5 === 0 ? `Notat ${i} – «oppfølging»` : '',
      ].join(';'),
    );
  }
  return `\ufeff${lines.join('\n')}\n`;
}

/** Asks /api/health every 20 ms until stopped; the slowest answer's milliseconds. */
function probeHealth(server: ServerProcess): { stop: () => Promise<number> } {
  let stopped = false;
  let worst = 0;
  const running = (async () => {
    while (!stopped) {
      const started = performance.now();
      // A kept-alive socket the server closed as it was picked answers ECONNRESET: asked again, and
      // the wait counts from the first try.
      for (let attempt = 0; attempt < 3; attempt++) {
        const answered = await fetch(`${server.baseUrl}/api/health`).then(
          (response) => response.arrayBuffer().then(() => true),
          () => false,
        );
        if (answered) break;
      }
      worst = Math.max(worst, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await running;
      return Math.round(worst);
    },
  };
}

/** A customers CSV of `rows` rows: more than an import may hold. */
function buildTooLongCsv(rows: number): string {
  const lines = ['Navn;By'];
  for (let i = 0; i < rows; i++) lines.push(`Kunde nummer ${i} AS;Bergen`);
  return lines.join('\n');
}

/** Uploads a file that must be refused; the health prober's worst answer meanwhile. */
async function uploadRefused(server: ServerProcess, admin: HttpMember, name: string, content: string | Uint8Array): Promise<number> {
  const form = new FormData();
  form.set('kind', 'customers');
  form.set('file', new File([content], name));
  const probe = probeHealth(server);
  const response = await fetch(`${server.baseUrl}/api/v1/imports`, {
    method: 'POST',
    body: form,
    headers: { cookie: admin.cookie, origin: server.baseUrl },
  });
  const worst = await probe.stop();
  const body = await response.text();
  if (response.status < 400 || response.status >= 500) throw new Error(`${name} was not refused: ${response.status} ${body}`);
  log(
    `${name} (${(Buffer.byteLength(content) / 1e6).toFixed(1)} MB): refused ${response.status} ${body.slice(0, 120)}; slowest health check meanwhile ${worst} ms`,
  );
  return worst;
}

async function call(server: ServerProcess, admin: HttpMember, path: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
    ...init,
    headers: { cookie: admin.cookie, origin: server.baseUrl, ...(init.headers as Record<string, string> | undefined) },
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

async function main() {
  let data: ServerData;
  let cleanup: () => Promise<void>;
  if (ENGINE === 'postgres') {
    process.env.TEST_DATABASE_URL = BENCH_DATABASE_URL; // createPostgresDatabase creates it on that server
    const database = await createPostgresDatabase('dealboard_bench_import');
    data = { databaseUrl: database.url };
    cleanup = database.drop;
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-bench-import-'));
    data = { dataDir };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  const label = ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite';
  let server: ServerProcess | null = null;
  try {
    server = await startServerProcess(data, { AUTH_RATE_LIMIT: '10000' }, `the server (${label})`);
    const members: HttpMember[] = [await createMemberOverHttp(server.baseUrl, 'Bench Admin')];
    for (let i = 1; i < MEMBERS; i++) members.push(await createMemberOverHttp(server.baseUrl, `Rep ${String.fromCharCode(65 + i)}`));
    const admin = members[0]!;
    const csv = buildCsv(members, ROWS);
    log(
      `${label}: ${members.length} members; the file holds ${ROWS.toLocaleString('en')} rows, ${(Buffer.byteLength(csv) / 1e6).toFixed(1)} MB`,
    );

    const form = new FormData();
    form.set('kind', 'activities');
    form.set('file', new File([csv], 'bench.csv', { type: 'text/csv' }));
    let probe = probeHealth(server);
    let started = performance.now();
    const preview = await call(server, admin, '/imports', { method: 'POST', body: form });
    const uploadMs = performance.now() - started;
    const uploadWorst = await probe.stop();
    if (preview.failingCount !== 0) throw new Error(`rows fail: ${JSON.stringify((preview.failures as unknown[]).slice(0, 3))}`);
    log(`upload and check: ${seconds(uploadMs)} s; slowest health check meanwhile ${uploadWorst} ms`);

    probe = probeHealth(server);
    started = performance.now();
    const committed = await call(server, admin, `/imports/${String(preview.id)}/commit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mapping: preview.mapping }),
    });
    const commitMs = performance.now() - started;
    const commitWorst = await probe.stop();
    if (committed.importedCount !== ROWS) throw new Error(`imported ${String(committed.importedCount)} of ${ROWS}`);
    log(
      `commit: ${seconds(commitMs)} s (${Math.round(ROWS / (commitMs / 1000)).toLocaleString('en')} rows/s); slowest health check meanwhile ${commitWorst} ms`,
    );

    const drift = async () => {
      const database =
        'databaseUrl' in data
          ? await openDatabase({ engine: 'postgres', url: data.databaseUrl, poolSize: 1 })
          : await openDatabase({ engine: 'pglite', dataDir: data.dataDir });
      try {
        return await withInstance(database.db, { companyId: toCompanyId(admin.companyId), userId: null }, (tx) =>
          findRollupDriftIn(tx, toCompanyId(admin.companyId)),
        );
      } finally {
        await database.close();
      }
    };
    // PGlite's folder is one process's at a time: the server stops while the recount reads it.
    if (ENGINE === 'pglite') await server.kill('SIGTERM');
    const afterCommit = await drift();
    if (ENGINE === 'pglite') server = await startServerProcess(data, { AUTH_RATE_LIMIT: '10000' }, `the server (${label})`);
    if (afterCommit !== 0) throw new Error(`after the commit ${afterCommit} (member, day) rollups differ from a recount`);
    log('the rollup equals a recount after the commit');

    probe = probeHealth(server);
    started = performance.now();
    await call(server, admin, `/imports/${String(preview.id)}/undo`, { method: 'POST' });
    const undoMs = performance.now() - started;
    const undoWorst = await probe.stop();
    log(`undo: ${seconds(undoMs)} s; slowest health check meanwhile ${undoWorst} ms`);
    if (ENGINE === 'pglite') await server.kill('SIGTERM');
    const afterUndo = await drift();
    if (afterUndo !== 0) throw new Error(`after the undo ${afterUndo} (member, day) rollups differ from a recount`);
    log('the rollup equals a recount after the undo');

    if (ENGINE === 'pglite') server = await startServerProcess(data, { AUTH_RATE_LIMIT: '10000' }, `the server (${label})`);
    const csvBombWorst = await uploadRefused(server, admin, 'too-long.csv', buildTooLongCsv(400_000));
    const xlsxBombWorst = await uploadRefused(server, admin, 'too-long.xlsx', await buildOneCellXlsx('Navn', 1_000_000, (i) => i));

    console.log(
      `\nMachine: ${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load ${loadavg()[0]!.toFixed(1)} at the end`,
    );
    console.log('\n| engine | rows | file (MB) | upload and check (s) | commit (s) | commit rows/s | undo (s) |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${label} | ${ROWS.toLocaleString('en')} | ${(Buffer.byteLength(csv) / 1e6).toFixed(1)} | ${seconds(uploadMs)} | ${seconds(commitMs)} | ${Math.round(ROWS / (commitMs / 1000)).toLocaleString('en')} | ${seconds(undoMs)} |`,
    );
    console.log('\nSlowest /api/health answer (ms), asked every 20 ms:\n');
    console.log(
      '| engine | during the upload | during the commit | during the undo | a CSV of 400,000 rows (refused) | an XLSX of 1,000,000 rows (refused) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(`| ${label} | ${uploadWorst} | ${commitWorst} | ${undoWorst} | ${csvBombWorst} | ${xlsxBombWorst} |`);
  } finally {
    await server?.kill('SIGTERM');
    await cleanup();
  }
}

await main();
