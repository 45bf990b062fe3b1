import pg from 'pg';
import { type DbHandle, openDatabase } from '../db/client';
import { ensurePostgresTemplate, readPgliteDump } from './base-database';

/**
 * A fresh database for one test file, already migrated (a copy of the run's migrated base,
 * server/test/base-database.ts): in-memory PGlite by default, or a new database on the PostgreSQL
 * server of TEST_DATABASE_URL (CI), dropped again on close. `empty`: no tables at all, for tests of
 * the migrations themselves (several instances migrating at once, one migration's data change).
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<DbHandle> {
  if (!process.env.TEST_DATABASE_URL) {
    return openDatabase({ engine: 'pglite', dataDir: null, ...(!options.empty && { loadDataDir: await readPgliteDump() }) });
  }
  const database = await createPostgresDatabase('dealboard_test', { migrated: !options.empty });
  const handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, by its URL (what a child server
 * needs, see server-process.ts): empty, or with `migrated` a copy of the run's migrated base.
 * `drop` removes it once the test is done.
 */
export async function createPostgresDatabase(
  prefix = 'dealboard_test',
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const template = options.migrated ? await ensurePostgresTemplate(adminUrl) : null;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropTestDatabase(adminUrl, name) };
}

/**
 * Drops a test database. Removing it is housekeeping, not part of any test: a backend that
 * lingers for a moment (seen once: WITH (FORCE) refused to signal it) gets a second try, and a
 * database that still cannot go is reported and left for the cluster's own removal (.ci/run).
 */
export async function dropTestDatabase(url: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const dropper = new pg.Client({ connectionString: url });
    try {
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      if (attempt >= 3) {
        console.warn(`[test-database] could not drop ${name}: ${(error as Error).message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    } finally {
      await dropper.end().catch(() => undefined);
    }
  }
}

export const testEngine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
