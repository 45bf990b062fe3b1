import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/test-database';
import { type DbHandle, openDatabase } from './client';
import { findSqlState, isDatabaseUnavailable } from './errors';

/*
 * The PostgreSQL pool's connections when a transaction goes wrong: each one comes
 * back to the pool, or is replaced, whatever failed. With two connections, one kept checked out
 * would show at once: the next queries would wait for a connection that never comes back.
 */
describe('the PostgreSQL pool when a transaction fails', () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await createPostgresDatabase('dealboard_pool');
    drop = database.drop;
    handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 2 });
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  /** Two queries at once: both connections of the pool must be free to lend. */
  async function expectBothConnectionsFree() {
    const answers = await Promise.all([
      handle.db.execute(sql`SELECT pg_sleep(0.05), 1 AS one`),
      handle.db.execute(sql`SELECT pg_sleep(0.05), 1 AS one`),
    ]);
    expect(answers.map((answer) => (answer as unknown as { rows: { one: number }[] }).rows[0]?.one)).toEqual([1, 1]);
  }

  it('gives the connection back when BEGIN itself fails', async () => {
    // drizzle sent BEGIN outside its try: a failed BEGIN kept its connection checked out for good.
    for (let i = 0; i < 3; i++) {
      const failed = handle.db.transaction(async () => undefined, { isolationLevel: 'no such level' as never });
      await expect(failed).rejects.toSatisfy((error: unknown) => findSqlState(error) === '42601');
    }
    await expectBothConnectionsFree();
  });

  it('passes on the error that cut the connection (not the failed ROLLBACK) and replaces the connection', async () => {
    for (let i = 0; i < 3; i++) {
      const failed = handle.db.transaction(async (tx) => {
        // Ends this very session, as a database restart or an operator's pg_terminate_backend does.
        await tx.execute(sql`SELECT pg_terminate_backend(pg_backend_pid())`);
      });
      await expect(failed).rejects.toSatisfy((error: unknown) => findSqlState(error) === '57P01' && isDatabaseUnavailable(error));
    }
    await expectBothConnectionsFree();
  });
});
