import type { LogActivity } from '@core/contracts';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi, createMemberOverHttp, type HttpMember, signInOverHttp } from '../test/http-members';
import { type ServerData, type ServerProcess, startServerProcess } from '../test/server-process';
import { copyPgliteFolder } from '../test/base-database';
import { createPostgresDatabase, testEngine } from '../test/test-database';

/*
 * `npm run backup` and `npm run restore` end to end, on the engine of this run: two companies with
 * activities on a real server, a backup through the npm script, a restore through the npm script
 * into a new database (or folder), and the app started on the restored data shows the same
 * numbers and still keeps the companies apart.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Runs a command in the repository with exactly `env`, and collects its exit code and everything it wrote. */
function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolveRun({ code: code ?? 1, output }));
  });
}

function runNpmScript(script: 'backup' | 'restore', args: string[], data: ServerData, env: Record<string, string> = {}) {
  return runCommand('npm', ['run', '--silent', script, '--', ...args], {
    ...process.env,
    DATABASE_URL: 'databaseUrl' in data ? data.databaseUrl : '',
    DATA_DIR: 'dataDir' in data ? data.dataDir : '',
    BACKUP_DATABASE_URL: '',
    ...env,
  });
}

async function logActivities(baseUrl: string, member: HttpMember, bodies: LogActivity[]): Promise<{ id: string; localDate: string }[]> {
  const logged = [];
  for (const body of bodies) {
    const response = await callApi(baseUrl, '/api/v1/activities', { cookie: member.cookie, json: body });
    expect(response.status).toBe(201);
    logged.push((await response.json()) as { id: string; localDate: string });
  }
  return logged;
}

/**
 * The test database as the backup role (BYPASSRLS, read-only): TEST_BACKUP_DATABASE_URL names the
 * role on the server of TEST_DATABASE_URL (.ci/run creates it; README.md, "Backup and restore").
 */
function backupRoleUrl(databaseUrl: string): string {
  const role = process.env.TEST_BACKUP_DATABASE_URL;
  if (!role) {
    throw new Error(
      'TEST_BACKUP_DATABASE_URL is not set: the PostgreSQL backup test needs a role that bypasses row-level security on the server of ' +
        "TEST_DATABASE_URL (as a superuser: CREATE ROLE dealboard_backup LOGIN PASSWORD 'dealboard_backup' BYPASSRLS; " +
        'GRANT pg_read_all_data TO dealboard_backup;). .ci/run creates it.',
    );
  }
  const url = new URL(role);
  url.pathname = new URL(databaseUrl).pathname;
  return url.toString();
}

/** What each member sees on the scoreboard for the day the activities were logged. */
async function readNumbers(baseUrl: string, cookies: Record<string, string>, day: string) {
  const numbers: Record<string, unknown> = {};
  for (const [name, cookie] of Object.entries(cookies)) {
    const query = `period=custom&from=${day}&to=${day}`;
    numbers[name] = {
      leaderboard: await (await callApi(baseUrl, `/api/v1/scoreboard/leaderboard?${query}`, { cookie })).json(),
      kpis: await (await callApi(baseUrl, `/api/v1/scoreboard/kpis?${query}`, { cookie })).json(),
    };
  }
  return numbers;
}

/** The security objects a dump must carry: policies, forced RLS, triggers, functions and grants. */
async function readSecurityCatalog(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = async (text: string) => (await client.query(text)).rows;
    return {
      policies: await rows(`SELECT tablename, policyname, permissive, roles::text, cmd, qual, with_check FROM pg_policies ORDER BY 1, 2`),
      rowSecurity: await rows(
        `SELECT relname, relrowsecurity, relforcerowsecurity FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY 1`,
      ),
      triggers: await rows(
        `SELECT tgrelid::regclass::text AS on_table, tgname, pg_get_triggerdef(oid) AS definition FROM pg_trigger WHERE NOT tgisinternal ORDER BY 1, 2`,
      ),
      functions: await rows(
        `SELECT proname, pg_get_functiondef(p.oid) AS definition FROM pg_proc p WHERE pronamespace = 'public'::regnamespace AND prokind <> 'a' ORDER BY 1, 2`,
      ),
      // An aggregate has no function definition to print: its transition function and first state say what it is.
      aggregates: await rows(
        `SELECT aggfnoid::regproc::text AS name, aggtransfn::regproc::text AS step, agginitval FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid WHERE p.pronamespace = 'public'::regnamespace ORDER BY 1`,
      ),
      tableGrants: await rows(
        `SELECT table_name, privilege_type FROM information_schema.role_table_grants WHERE grantee = 'app_user' ORDER BY 1, 2`,
      ),
      columnGrants: await rows(
        `SELECT table_name, column_name, privilege_type FROM information_schema.column_privileges WHERE grantee = 'app_user' ORDER BY 1, 2, 3`,
      ),
      routineGrants: await rows(
        `SELECT routine_name, privilege_type FROM information_schema.role_routine_grants WHERE grantee = 'app_user' ORDER BY 1, 2`,
      ),
      schemaUsage: await rows(`SELECT has_schema_privilege('app_user', 'public', 'USAGE') AS usage`),
    };
  } finally {
    await client.end();
  }
}

describe(`backup and restore on ${testEngine}`, () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /**
   * Where a server keeps its data: empty (what a restore goes into), or `migrated`, a copy of the
   * run's migrated base (the source the app fills, which need not pay for its first start again).
   */
  async function createData({ migrated }: { migrated: boolean }): Promise<ServerData> {
    if (testEngine === 'postgres') {
      const database = await createPostgresDatabase('dealboard_backup', { migrated });
      cleanups.push(database.drop);
      return { databaseUrl: database.url };
    }
    const folder = mkdtempSync(join(tmpdir(), 'dealboard-backup-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    // A folder that does not exist yet, as an operator would name a new DATA_DIR.
    const dataDir = join(folder, 'data');
    if (migrated) await copyPgliteFolder(dataDir);
    return { dataDir };
  }

  it('restores into a new database what the app showed, keeping companies apart', async () => {
    const env = { TENANCY: 'multi' };
    const source = await createData({ migrated: true });
    let server: ServerProcess = await startServerProcess(source, env);
    cleanups.push(() => server.kill('SIGKILL'));
    const alice = await createMemberOverHttp(server.baseUrl, 'Alice', { companyName: 'Nordlys AS' });
    const bob = await createMemberOverHttp(server.baseUrl, 'Bob', { companyName: 'Fjord AS' });
    const aliceActivities = await logActivities(server.baseUrl, alice, [
      { kind: 'call', answered: true, outcome: 'meeting_booked', customerName: 'Aker Maritime' },
      { kind: 'sale', ticketSize: 4_990_000, productName: 'Annual licence', customerName: 'Aker Maritime' },
      { kind: 'call', answered: false },
    ]);
    await logActivities(server.baseUrl, bob, [
      { kind: 'call', answered: true, outcome: 'moved_forward' },
      { kind: 'meeting', customerName: 'Havbruk' },
    ]);
    const day = aliceActivities[0]!.localDate;
    const before = await readNumbers(server.baseUrl, { alice: alice.cookie, bob: bob.cookie }, day);

    const folder = mkdtempSync(join(tmpdir(), 'dealboard-backups-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const file = join(folder, testEngine === 'postgres' ? 'dealboard.dump' : 'dealboard.tar.gz');
    if ('dataDir' in source) {
      // PGlite: one process per data folder, so no backup while the server holds it.
      const refused = await runNpmScript('backup', [file], source);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('Stop it, then back up again');
      expect(existsSync(file)).toBe(false);
    }
    await server.kill('SIGTERM');

    let backupEnv: Record<string, string> = {};
    if ('databaseUrl' in source) {
      // The app's role is bound by the forced row-level security: pg_dump refuses, and says what to do.
      const refused = await runNpmScript('backup', [file], source);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('BYPASSRLS');
      expect(existsSync(file)).toBe(false);
      backupEnv = { BACKUP_DATABASE_URL: backupRoleUrl(source.databaseUrl) };
    }
    const backup = await runNpmScript('backup', [file], source, backupEnv);
    expect(backup.output).toContain('Backup written');
    expect(backup.code).toBe(0);
    expect(readdirSync(folder)).toEqual([file.split('/').pop()]); // no partial file left behind

    const target = await createData({ migrated: false });
    const restore = await runNpmScript('restore', [file], target);
    expect(restore.output).toContain('Restored.');
    expect(restore.code).toBe(0);
    // A second restore would overwrite what is there: refused without --force.
    const again = await runNpmScript('restore', [file], target);
    expect(again.code).toBe(1);
    expect(again.output).toContain('not empty');

    server = await startServerProcess(target, env);
    const cookies = {
      alice: await signInOverHttp(server.baseUrl, alice.email, alice.password),
      bob: await signInOverHttp(server.baseUrl, bob.email, bob.password),
    };
    expect(await readNumbers(server.baseUrl, cookies, day)).toEqual(before);

    // Row-level security came along: Bob cannot see or change Alice's activity in the restored data.
    const aliceCall = aliceActivities[0]!.id;
    expect((await callApi(server.baseUrl, `/api/v1/activities/${aliceCall}`, { cookie: cookies.bob, method: 'DELETE' })).status).toBe(404);
    expect((await callApi(server.baseUrl, `/api/v1/activities/${aliceCall}`, { cookie: cookies.alice, method: 'DELETE' })).status).toBe(
      200,
    );
    await server.kill('SIGTERM');

    if ('databaseUrl' in source && 'databaseUrl' in target) {
      expect(await readSecurityCatalog(target.databaseUrl)).toEqual(await readSecurityCatalog(source.databaseUrl));
      // And in SQL, as the app's role inside Bob's company: none of Alice's rows.
      const client = new pg.Client({ connectionString: target.databaseUrl });
      await client.connect();
      try {
        await client.query('BEGIN');
        await client.query(
          `SELECT set_config('role', 'app_user', true), set_config('app.company_id', $1, true), set_config('app.user_id', $2, true)`,
          [bob.companyId, bob.userId],
        );
        const { rows } = await client.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM activities WHERE company_id = $1)::int + (SELECT count(*) FROM daily_user_stats WHERE company_id = $1)::int AS n`,
          [alice.companyId],
        );
        expect(rows[0]!.n).toBe(0);
        const own = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM activities`);
        expect(own.rows[0]!.n).toBe(2);
        await client.query('ROLLBACK');
      } finally {
        await client.end();
      }
    }
  }, 240_000);

  it('names the package to install when pg_dump or pg_restore is missing', async () => {
    // A PATH with node alone: what a machine without the PostgreSQL client tools looks like.
    const bin = mkdtempSync(join(tmpdir(), 'dealboard-no-pg-tools-'));
    cleanups.push(() => rmSync(bin, { recursive: true, force: true }));
    symlinkSync(process.execPath, join(bin, 'node'));
    const dump = join(bin, 'old.dump');
    writeFileSync(dump, 'PGDMP');
    const run = (script: string, args: string[]) =>
      runCommand(join(bin, 'node'), ['--import', 'tsx', script, ...args], {
        PATH: bin,
        DATABASE_URL: 'postgres://dealboard@127.0.0.1:9/dealboard',
      });

    const backup = await run('scripts/backup.ts', [join(bin, 'new.dump')]);
    expect(backup.code).toBe(1);
    expect(backup.output).toContain('pg_dump was not found on PATH');
    expect(backup.output).toContain('apt-get install postgresql-client');
    expect(backup.output).toContain('snapshots');
    const restore = await run('scripts/restore.ts', [dump]);
    expect(restore.code).toBe(1);
    expect(restore.output).toContain('pg_restore was not found on PATH');
    expect(restore.output).toContain('apt-get install postgresql-client');
  }, 60_000);
});
