import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/test-database';
import { type DbHandle, openDatabase, type Transaction } from './client';
import { findSqlState, isDatabaseUnavailable } from './errors';
import { queryPrepared } from './prepared';

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
    // BEGIN goes out with the transaction's first statement: in its round trip when that is a
    // prepared one (decision 096), just before it otherwise. Either way a failed BEGIN fails the call.
    const first = [
      (tx: Transaction) => tx.execute(sql`SELECT 1`),
      (tx: Transaction) => queryPrepared(tx, 'pool_test_first', 'SELECT $1::int AS n', [1]),
    ];
    for (let i = 0; i < 4; i++) {
      const failed = handle.db.transaction(async (tx) => void (await first[i % 2]!(tx)), { isolationLevel: 'no such level' as never });
      await expect(failed).rejects.toSatisfy((error: unknown) => findSqlState(error) === '42601');
    }
    await expectBothConnectionsFree();
    // The prepared statement whose BEGIN failed was never parsed: it is parsed when next used.
    const rows = await handle.db.transaction((tx) => queryPrepared<{ n: number }>(tx, 'pool_test_first', 'SELECT $1::int AS n', [7]));
    expect(rows).toEqual([{ n: 7 }]);
  });

  it('a transaction whose BEGIN rides with its first prepared statement is one transaction, at its isolation level, and rolls back whole', async () => {
    const read = (tx: Transaction) =>
      tx.execute(sql`SELECT current_setting('app.probe', true) AS probe, current_setting('transaction_isolation') AS isolation`);
    const seen = await handle.db.transaction(
      async (tx) => {
        await queryPrepared(tx, 'pool_test_scope', `SELECT set_config('app.probe', $1, true)`, ['inside']);
        return (await read(tx)) as unknown as { rows: { probe: string; isolation: string }[] };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    // A setting local to the transaction is still there for its next statement: the same transaction.
    expect(seen.rows).toEqual([{ probe: 'inside', isolation: 'repeatable read' }]);
    await handle.db.execute(sql`CREATE TABLE IF NOT EXISTS pool_probe (n int)`);
    await expect(
      handle.db.transaction(async (tx) => {
        await queryPrepared(tx, 'pool_test_insert', 'INSERT INTO pool_probe (n) VALUES ($1::int)', [1]);
        await tx.execute(sql`SELECT 1 / 0`);
      }),
    ).rejects.toSatisfy((error: unknown) => findSqlState(error) === '22012');
    const count = (await handle.db.execute(sql`SELECT count(*)::int AS n FROM pool_probe`)) as unknown as { rows: { n: number }[] };
    expect(count.rows[0]!.n).toBe(0);
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
