import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort } from './server-process';

/*
 * A PostgreSQL cluster of a test's own, for the one test that must restart the database under a
 * running server (server/db/database-restart.postgres.test.ts): restarting CI's shared cluster
 * would cut every other test file's connections. Made from the same binaries .ci/run uses, the
 * same way (initdb as the postgres user when running as root, trust on 127.0.0.1, fsync off), with
 * the same roles: the app's non-superuser `dealboard` and the `app_user` its migrations switch to.
 */

export type PrivatePostgres = {
  /** The app's connection string (the non-superuser, as in production). */
  url: string;
  /** A superuser's connection string, for the test's own checks past row-level security. */
  superuserUrl: string;
  /** `pg_ctl restart -m fast`: every connection is cut, new ones are refused until it is back. */
  restart(): Promise<void>;
  /** `pg_ctl stop -m fast`, keeping the cluster: the database is away until `resume`. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
};

/** Where initdb and pg_ctl are: TEST_PG_BIN, else the newest Debian PostgreSQL, else pg_config's. */
function findPostgresBin(): string {
  const fromEnv = process.env.TEST_PG_BIN;
  if (fromEnv) return fromEnv;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((version) => existsSync(join(debian, version, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin');
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('No PostgreSQL server binaries found: install PostgreSQL (as .ci/run does) or set TEST_PG_BIN to its bin folder.');
  }
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program as the postgres user when this is root (PostgreSQL refuses root). */
function runPostgresProgram(bin: string, program: string, args: string[]): void {
  const path = join(bin, program);
  if (isRoot) execFileSync('runuser', ['-u', 'postgres', '--', path, ...args], { stdio: 'pipe' });
  else execFileSync(path, args, { stdio: 'pipe' });
}

const execFileAsync = promisify(execFile);

/**
 * The same, without blocking the test's own process: while the database restarts, the test's
 * writers go on sending (a synchronous restart held them back, so whether any write met the outage
 * was a race between the server's last answers and the backends' shutdown).
 */
async function runPostgresProgramAsync(bin: string, program: string, args: string[]): Promise<void> {
  const path = join(bin, program);
  if (isRoot) await execFileAsync('runuser', ['-u', 'postgres', '--', path, ...args]);
  else await execFileAsync(path, args);
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBin();
  const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-private-pg-'));
  if (isRoot) chownSync(dataDir, Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()), -1);
  const port = await findFreePort();
  runPostgresProgram(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  runPostgresProgram(bin, 'pg_ctl', ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-w', '-o', options, 'start']);
  const superuserUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: superuserUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE dealboard LOGIN PASSWORD 'dealboard' CREATEDB CREATEROLE`);
    await admin.query('CREATE ROLE app_user NOLOGIN');
    await admin.query('GRANT app_user TO dealboard');
    await admin.query('CREATE DATABASE dealboard OWNER dealboard');
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://dealboard:dealboard@127.0.0.1:${port}/dealboard`,
    superuserUrl: `postgres://postgres@127.0.0.1:${port}/dealboard`,
    restart: async () => {
      // -o again: pg_ctl restart keeps the options of the last start, said here to be sure.
      await runPostgresProgramAsync(bin, 'pg_ctl', [
        '-D',
        dataDir,
        '-l',
        join(dataDir, 'server.log'),
        '-w',
        '-m',
        'fast',
        '-o',
        options,
        'restart',
      ]);
    },
    pause: async () => {
      await runPostgresProgramAsync(bin, 'pg_ctl', ['-D', dataDir, '-w', '-m', 'fast', 'stop']);
    },
    resume: async () => {
      await runPostgresProgramAsync(bin, 'pg_ctl', ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-w', '-o', options, 'start']);
    },
    stop: async () => {
      try {
        runPostgresProgram(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
