import pg from 'pg';
import { type DbHandle, openDatabase } from '../db/client';

/**
 * A fresh, empty database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server of TEST_DATABASE_URL (CI), dropped again on close.
 */
export async function createTestDatabase(): Promise<DbHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ engine: 'pglite', dataDir: null });
  const name = `dealboard_test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ engine: 'postgres', url: testUrl.toString(), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropTestDatabase(url, name);
    },
  };
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
