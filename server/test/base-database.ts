import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteOptions } from '../db/client';
import { migrateDatabase } from '../db/migrate';

/*
 * One migrated base database per run, copied for each test (docs/testing.md, "One base, copied").
 * Creating a PGlite database runs initdb inside WASM (most of the 11-14 s a test file used to wait),
 * and every file then applied all migrations again; PostgreSQL did the same per database. The base is
 * built once, when the migrations change, and each test file or journey server starts from a copy:
 *   - PGlite in memory: a dump of the migrated data folder, loaded by each test's PGlite (about 1 s);
 *   - PGlite on disk (journey and process tests): a migrated data folder, copied file by file;
 *   - PostgreSQL: a migrated database that CREATE DATABASE ... TEMPLATE copies.
 * Each is named by a hash of the migrations and the PGlite version, so a changed migration builds a
 * new base and an unchanged one is reused across runs. Builds are race-safe: a base is made under a
 * temporary name and renamed into place, so two workers building at once both end up with a whole one.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const MIGRATIONS_DIR = join(ROOT, 'server', 'db', 'migrations');
const BASE_DIR = join(ROOT, '.tmp', 'test-base');

/** What the base depends on: every migration file and the embedded engine's version. */
export function computeBaseKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_DIR, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const path = join(MIGRATIONS_DIR, file);
    if (!file.endsWith('.sql') && !file.endsWith('.json')) continue;
    hash.update(file).update('\0').update(readFileSync(path)).update('\0');
  }
  const pglitePackage = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..', 'package.json');
  hash.update(JSON.parse(readFileSync(pglitePackage, 'utf8')).version as string);
  return hash.digest('hex').slice(0, 12);
}

function temporaryName(path: string): string {
  return `${path}.building-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
}

/** Removes bases of other keys (older migrations), so .tmp does not grow with every change. */
function removeOtherBases(prefix: string, keep: string): void {
  if (!existsSync(BASE_DIR)) return;
  for (const entry of readdirSync(BASE_DIR)) {
    if (entry.startsWith(prefix) && entry !== keep && !entry.includes('.building-')) {
      rmSync(join(BASE_DIR, entry), { recursive: true, force: true });
    }
  }
}

/** The path of a tar dump of a migrated, in-memory PGlite: built now when missing. */
export async function ensurePgliteDump(key = computeBaseKey()): Promise<string> {
  const name = `pglite-${key}.tar`;
  const path = join(BASE_DIR, name);
  if (existsSync(path)) return path;
  mkdirSync(BASE_DIR, { recursive: true });
  const handle = await openDatabase({ engine: 'pglite', dataDir: null });
  try {
    await migrateDatabase(handle);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    // Uncompressed: loading a 40 MB tar is faster than inflating a 5 MB one, and it stays in .tmp.
    const dump = await client.dumpDataDir('none');
    const temporary = temporaryName(path);
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, path);
  } finally {
    await handle.close();
  }
  removeOtherBases('pglite-', name);
  return path;
}

/** A migrated PGlite data folder to copy (journey servers, process tests): built now when missing. */
export async function ensurePgliteFolder(key = computeBaseKey()): Promise<string> {
  const name = `folder-${key}`;
  const path = join(BASE_DIR, name);
  if (existsSync(join(path, 'PG_VERSION'))) return path;
  const temporary = temporaryName(path);
  // Unpacked from the migrated dump rather than created and migrated again (about 1 s against 6-7).
  const dump = await readPgliteDump();
  mkdirSync(temporary, { recursive: true });
  const client = new PGlite(temporary, { ...pgliteOptions(), loadDataDir: dump });
  await client.waitReady;
  await client.close();
  try {
    renameSync(temporary, path);
  } catch (error) {
    // Another process renamed its whole copy into place first: use that one.
    rmSync(temporary, { recursive: true, force: true });
    if (!existsSync(join(path, 'PG_VERSION'))) throw error;
  }
  removeOtherBases('folder-', name);
  return path;
}

/** Copies the migrated base folder to `dataDir` (which must not exist yet, or be empty). */
export async function copyPgliteFolder(dataDir: string): Promise<void> {
  cpSync(await ensurePgliteFolder(), dataDir, { recursive: true });
}

/** A PGlite dump as a Blob, read once per process (each test file's process loads it once or twice). */
let dumpBlob: Promise<Blob> | null = null;
export function readPgliteDump(): Promise<Blob> {
  dumpBlob ??= ensurePgliteDump().then((path) => new Blob([readFileSync(path)]));
  return dumpBlob;
}

/**
 * The name of a migrated database on the server of `adminUrl` to copy with CREATE DATABASE ...
 * TEMPLATE: built now when missing. Nobody connects to it after it is built (a template with a
 * session cannot be copied).
 */
export async function ensurePostgresTemplate(adminUrl: string, key = computeBaseKey()): Promise<string> {
  const name = `dealboard_base_${key}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const temporary = `dealboard_base_building_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await admin.query(`CREATE DATABASE ${temporary}`);
    const url = new URL(adminUrl);
    url.pathname = `/${temporary}`;
    const handle = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 1 });
    try {
      await migrateDatabase(handle);
    } finally {
      await handle.close();
    }
    try {
      await admin.query(`ALTER DATABASE ${temporary} RENAME TO ${name}`);
    } catch (error) {
      // Built at the same moment by another process: keep theirs.
      await admin.query(`DROP DATABASE IF EXISTS ${temporary} WITH (FORCE)`);
      const again = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!again.rowCount) throw error;
    }
    // Bases of older migrations go; a test database copied from one is dropped by its own test.
    const old = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'dealboard\\_base\\_%' AND datname <> $1 AND datname NOT LIKE 'dealboard\\_base\\_building\\_%'",
      [name],
    );
    for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    return name;
  } finally {
    await admin.end();
  }
}
