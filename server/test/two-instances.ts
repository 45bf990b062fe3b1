import { type DbHandle, openDatabase } from '../db/client';
import { createTestApp, type TestApp } from './test-app';
import { createPostgresDatabase, createTestDatabase, testEngine } from './test-database';

export type TwoInstances = {
  /** The first instance: a whole test app. */
  t: TestApp;
  /** The second instance's database handle, for a worker of its own. */
  second: DbHandle;
  /** Closes both (and drops the PostgreSQL database). */
  close(): Promise<void>;
};

/**
 * Two instances on one database, for what several instances do at once (workers racing for the
 * same rows): a test app and a second handle on its database, each with its own connection pool on
 * PostgreSQL (a fresh database of the run's migrated base); PGlite has one engine per folder, so
 * there the second is the app's own.
 */
export async function openTwoInstances(): Promise<TwoInstances> {
  if (testEngine !== 'postgres') {
    const t = await createTestApp({ database: await createTestDatabase() });
    return { t, second: t.deps.database, close: () => t.close() };
  }
  const database = await createPostgresDatabase();
  const t = await createTestApp({ database: await openDatabase({ engine: 'postgres', url: database.url, poolSize: 5 }) });
  const second = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 5 });
  return {
    t,
    second,
    close: async () => {
      await second.close();
      await t.close();
      await database.drop();
    },
  };
}
