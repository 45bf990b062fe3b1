import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  closeSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { DataDirLockedError, lockDataDir } from '../lib/data-dir-lock';

/*
 * `npm run backup` and `npm run restore -- FILE` (README, "Backup and restore"; decision 019).
 *
 * PostgreSQL (DATABASE_URL set): pg_dump's custom format, restored with pg_restore. A dump holds the
 * schema, the data, the row-level security policies, triggers, functions and grants; it does not
 * hold roles, which belong to the server, so the restore makes sure `app_user` exists and that the
 * role restoring (the one the app connects as) may switch to it. Row-level security is forced on
 * the tenant tables, for their owner too, so pg_dump must run as a role that bypasses it
 * (BACKUP_DATABASE_URL: a superuser, or a read-only role with BYPASSRLS). The restore runs as the
 * app's own role: pg_restore enables row-level security only after loading the rows.
 *
 * PGlite (no DATABASE_URL): PGlite's own dump of its data folder (a gzipped tar of PGDATA), taken
 * with the folder locked, since one process at a time may open it; restored into an empty folder.
 */

export class BackupError extends Error {}

export type BackupTarget = { engine: 'postgres'; url: string } | { engine: 'pglite'; dataDir: string };

/**
 * The database the app would use with this environment: DATABASE_URL, else the PGlite folder
 * DATA_DIR. A backup reads PostgreSQL through BACKUP_DATABASE_URL when it is set (the same
 * database, as a role that bypasses row-level security); a restore always writes as the app's role.
 */
export function resolveBackupTarget(purpose: 'backup' | 'restore', env: NodeJS.ProcessEnv = process.env): BackupTarget {
  const url = (purpose === 'backup' && env.BACKUP_DATABASE_URL) || env.DATABASE_URL;
  if (url) return { engine: 'postgres', url };
  return { engine: 'pglite', dataDir: resolve(env.DATA_DIR || './data') };
}

/** backups/dealboard-<engine>-2026-11-24T09-30-00Z.<ext>: sorts by time, safe in every file system. */
export function defaultBackupFile(target: BackupTarget, now: Date = new Date(), folder = 'backups'): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return join(folder, `dealboard-${target.engine}-${stamp}${target.engine === 'postgres' ? '.dump' : '.tar.gz'}`);
}

export function describeTarget(target: BackupTarget): string {
  if (target.engine === 'pglite') return `the embedded database in ${target.dataDir}`;
  try {
    const url = new URL(target.url);
    return `the PostgreSQL database ${url.username ? `${url.username}@` : ''}${url.host}${url.pathname}`;
  } catch {
    return 'the PostgreSQL database of DATABASE_URL';
  }
}

export async function createBackup(target: BackupTarget, file: string): Promise<{ file: string; bytes: number }> {
  const path = resolve(file);
  if (existsSync(path)) throw new BackupError(`${path} already exists. Choose another file name, or move the old backup away.`);
  mkdirSync(dirname(path), { recursive: true });
  // Written under a temporary name: a backup that stopped half-way never looks like a whole one.
  const partial = `${path}.partial`;
  try {
    if (target.engine === 'postgres') await dumpPostgres(target.url, partial);
    else await dumpPglite(target.dataDir, partial);
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
  return { file: path, bytes: statSync(path).size };
}

export async function restoreBackup(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ movedAside: string | null }> {
  const path = resolve(file);
  if (!existsSync(path)) throw new BackupError(`${path} does not exist.`);
  const kind = detectBackupKind(path);
  if (kind === 'unknown') {
    throw new BackupError(`${path} is not a Dealboard backup (neither a pg_dump custom-format file nor a PGlite data-folder dump).`);
  }
  if (kind !== target.engine) {
    throw new BackupError(
      kind === 'postgres'
        ? `${basename(path)} is a PostgreSQL backup (pg_dump). Restore it with DATABASE_URL set to the target database.`
        : `${basename(path)} is a backup of the embedded database (PGlite). Restore it without DATABASE_URL, into DATA_DIR.`,
    );
  }
  if (target.engine === 'postgres') {
    if (options.force)
      throw new BackupError('--force is for the embedded database only. On PostgreSQL, restore into a new, empty database.');
    await restorePostgres(target.url, path);
    return { movedAside: null };
  }
  return restorePglite(target.dataDir, path, options.force === true);
}

function detectBackupKind(path: string): 'postgres' | 'pglite' | 'unknown' {
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(5);
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'; // gzip
  return 'unknown';
}

// PostgreSQL ----------------------------------------------------------------------------------

const CLIENT_TOOLS_HINT =
  'Install the PostgreSQL client tools, at least the major version of your server (Debian and Ubuntu: ' +
  '`apt-get install postgresql-client`; for a newer server, postgresql-client-<major> from apt.postgresql.org). ' +
  'Or back up with your provider\'s snapshots (point-in-time recovery); see README.md, "Backup and restore".';

/**
 * libpq reads the password from PGPASSWORD rather than from the command line, where every user of
 * the machine could see it in the process list.
 */
function toLibpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Once, as a superuser: a role that may read every row for backups, and nothing else. */
function bypassRoleHint(url: string): string {
  const target = new URL(url);
  target.username = 'dealboard_backup';
  target.password = 'change-me';
  return (
    'Dealboard forces row-level security on its tables, even for their owner, so a backup must read as a role ' +
    'that bypasses it. Once, as a superuser on the database server:\n' +
    "  CREATE ROLE dealboard_backup LOGIN PASSWORD 'change-me' BYPASSRLS;\n" +
    '  GRANT pg_read_all_data TO dealboard_backup;\n' +
    `then: BACKUP_DATABASE_URL=${target.toString()} npm run backup\n` +
    'Where your provider allows no BYPASSRLS role, use its snapshots instead (README.md, "Backup and restore").'
  );
}

/** Fails early, before anything is changed, when a client tool is missing. */
async function requireTool(tool: 'pg_dump' | 'pg_restore'): Promise<void> {
  await new Promise<void>((resolveCheck, reject) => {
    const child = spawn(tool, ['--version'], { stdio: 'ignore' });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupError(`${tool} was not found on PATH.\n${CLIENT_TOOLS_HINT}`) : error),
    );
    child.on('close', () => resolveCheck());
  });
}

async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv, url: string): Promise<void> {
  const stderr = await new Promise<string>((resolveRun, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new BackupError(`${tool} was not found on PATH.\n${CLIENT_TOOLS_HINT}`) : error);
    });
    child.on('close', (code) => {
      if (code === 0) resolveRun(output);
      else {
        const hint = /version mismatch/i.test(output)
          ? `\n${CLIENT_TOOLS_HINT}`
          : /affected by row-level security/i.test(output)
            ? `\n\nDo not follow that hint: forced row-level security keeps the companies apart.\n${bypassRoleHint(url)}`
            : '';
        reject(new BackupError(`${tool} failed (exit code ${code}):\n${output.trim()}${hint}`));
      }
    });
  });
  if (stderr.trim()) console.warn(stderr.trim());
}

async function dumpPostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = toLibpqConnection(url);
  // Custom format: compressed, and pg_restore can restore it whole or in part. Ownership and
  // grants are kept (the restore drops ownership, see restorePostgres).
  await runTool('pg_dump', ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${dbname}`], env, url);
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Could not connect to ${describeTarget({ engine: 'postgres', url })}: ${(error as Error).message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Roles are not in a dump. The policies and grants name `app_user`, and the app switches to it on
 * every request, so it must exist and the connecting role must be a member (what the first
 * migration sets up on a new server; a restored database has that migration marked as done).
 */
async function prepareRoles(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ exists: boolean; member: boolean; me: string }>(
    `SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') AS exists,
            current_user AS me,
            coalesce((SELECT pg_has_role(current_user, 'app_user', 'MEMBER') WHERE EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user')), false) AS member`,
  );
  const { exists, member, me } = rows[0]!;
  if (exists && member) return;
  const asSuperuser = `As a superuser on the target server, run:\n  ${exists ? '' : 'CREATE ROLE app_user NOLOGIN;\n  '}GRANT app_user TO ${pg.escapeIdentifier(me)};\nthen restore again.`;
  try {
    if (!exists) await client.query('CREATE ROLE app_user NOLOGIN');
    await client.query(`GRANT app_user TO ${pg.escapeIdentifier(me)}`);
  } catch (error) {
    throw new BackupError(
      `The role app_user, which the restored policies and grants name, ${exists ? `is not granted to ${me}` : 'does not exist'} and ${me} may not fix that (${(error as Error).message}).\n${asSuperuser}`,
    );
  }
}

async function restorePostgres(url: string, file: string): Promise<void> {
  await requireTool('pg_restore');
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ tables: number }>(
      `SELECT count(*)::int AS tables FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    const tables = rows[0]!.tables;
    // No --force here: objects of newer migrations would outlive a clean restore of an older dump
    // whose migration list lacks them, and the next start would trip over them. A new database is
    // the one clean slate.
    if (tables > 0) {
      throw new BackupError(
        `Not restored: ${describeTarget({ engine: 'postgres', url })} is not empty (${tables} tables). Restore into a new, empty ` +
          "database (CREATE DATABASE ... OWNER <the app's role>) and point DATABASE_URL at it; to reuse the name, drop and recreate it first.",
      );
    }
    await prepareRoles(client);
  });
  const { dbname, env } = toLibpqConnection(url);
  await runTool(
    'pg_restore',
    [
      // One transaction, stopping at the first error: a failed restore leaves the database as it was.
      '--single-transaction',
      '--exit-on-error',
      // Everything ends up owned by the role restoring, which is the role the app connects as.
      '--no-owner',
      '--no-password',
      `--dbname=${dbname}`,
      file,
    ],
    env,
    url,
  );
}

// PGlite --------------------------------------------------------------------------------------

const LOCK_FILE = 'dealboard.lock';

function lockForBackup(dataDir: string, purpose: 'backup' | 'restore'): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const pid = /pid (\d+)/.exec(error.message)?.[1];
    throw new BackupError(
      `A Dealboard server${pid ? ` (pid ${pid})` : ''} is using ${dataDir}. Stop it, then ${purpose === 'backup' ? 'back up' : 'restore'} again: ` +
        'the embedded database can be opened by one process at a time' +
        (purpose === 'backup'
          ? ', and a copy of its files taken while it runs could be torn.'
          : ', and replacing its files under a running server would corrupt it.'),
    );
  }
}

async function dumpPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${dataDir} (DATA_DIR). Set DATA_DIR to the folder the server uses, or DATABASE_URL for PostgreSQL.`,
    );
  }
  const release = lockForBackup(dataDir, 'backup');
  try {
    // Opening it replays the write-ahead log if the last server was killed; the checkpoint then
    // writes everything into the data files, so the dump is a clean, self-contained folder.
    const db = new PGlite(dataDir);
    try {
      await db.waitReady.catch((error: Error) => {
        throw new BackupError(`The embedded database in ${dataDir} could not be opened: ${error.message}`);
      });
      await db.exec('CHECKPOINT');
      const dump = await db.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close().catch(() => undefined); // after a failed open there is nothing to close
    }
  } finally {
    release();
  }
}

async function restorePglite(dataDir: string, file: string, force: boolean): Promise<{ movedAside: string | null }> {
  mkdirSync(dataDir, { recursive: true });
  const release = lockForBackup(dataDir, 'restore');
  try {
    const existing = readdirSync(dataDir).filter((entry) => entry !== LOCK_FILE);
    let movedAside: string | null = null;
    if (existing.length > 0) {
      if (!force) {
        throw new BackupError(
          `Not restored: ${dataDir} is not empty. Restore into a new folder (DATA_DIR=/path/to/new-folder npm run restore -- FILE), ` +
            'or add --force to move what is there aside and restore in its place.',
        );
      }
      // Nothing is deleted: the folder's old contents go to a sibling folder the operator can remove.
      movedAside = `${dataDir}-before-restore-${new Date()
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replaceAll(':', '-')}`;
      mkdirSync(movedAside);
      for (const entry of existing) renameSync(join(dataDir, entry), join(movedAside, entry));
    }
    try {
      await loadPgliteDump(dataDir, file);
    } catch (error) {
      // Leave the folder as it was: empty, or with its old contents back in place.
      for (const entry of readdirSync(dataDir)) if (entry !== LOCK_FILE) rmSync(join(dataDir, entry), { recursive: true, force: true });
      if (movedAside) {
        for (const entry of readdirSync(movedAside)) renameSync(join(movedAside, entry), join(dataDir, entry));
        rmSync(movedAside, { recursive: true, force: true });
      }
      throw error;
    }
    return { movedAside };
  } finally {
    // The dump holds the lock file of the process that made it; release() removes whatever is there.
    release();
  }
}

async function loadPgliteDump(dataDir: string, file: string): Promise<void> {
  const tarball = new Blob([readFileSync(file)], { type: 'application/x-gzip' });
  let db: PGlite | null = null;
  try {
    db = new PGlite(dataDir, { loadDataDir: tarball });
    await db.waitReady;
  } catch (error) {
    await db?.close().catch(() => undefined);
    throw new BackupError(`${basename(file)} could not be loaded as a PGlite database: ${(error as Error).message}`);
  }
  try {
    const { rows } = await db.query<{ tables: number }>(
      `SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname = 'public' AND tablename = 'dealboard_migrations'`,
    );
    if (rows[0]?.tables !== 1)
      throw new BackupError(`${basename(file)} holds a PGlite database, but not a Dealboard one (no dealboard_migrations table).`);
    await db.exec('CHECKPOINT');
  } finally {
    await db.close();
  }
}
