import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../test/test-database';
import { type DbHandle, openDatabase, type Transaction } from './client';
import { findSqlState, isDatabaseUnavailable } from './errors';
import { queryPrepared, sendAlongWithFirstStatement } from './prepared';

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

/*
 * The statement a transaction sends after its first one travels in the first one's round trip
 * once it is prepared on the connection (decision 099: a logged call's logging context, with the
 * day's lock). One connection, and the driver's query() calls counted: one per round trip.
 */
describe('a statement sent along with the first', () => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  let roundTrips = 0;
  const clientQuery = pg.Client.prototype.query;
  beforeAll(async () => {
    // Counted before the pool's connections exist: each binds query() when it connects.
    pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
      roundTrips++;
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof clientQuery;
    const database = await createPostgresDatabase('dealboard_along');
    drop = database.drop;
    handle = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 1 });
  });
  afterAll(async () => {
    pg.Client.prototype.query = clientQuery;
    await handle?.close();
    await drop?.();
  });

  const FIRST = { name: 'along_test_first', text: `SELECT set_config('app.probe', $1, true) AS probe` };
  const NEXT = { name: 'along_test_next', text: `SELECT current_setting('app.probe') AS probe, 10 / $1::int AS n` };

  /** One transaction: the first statement, then the next (announced ahead), and how many round trips it took. */
  async function run(probe: string, divisor: number, asked = divisor) {
    const before = roundTrips;
    const rows = await handle.db.transaction(async (tx) => {
      sendAlongWithFirstStatement(tx, { ...NEXT, values: [divisor] });
      await queryPrepared(tx, FIRST.name, FIRST.text, [probe]);
      return queryPrepared<{ probe: string; n: number }>(tx, NEXT.name, NEXT.text, [asked]);
    });
    return { rows, roundTrips: roundTrips - before };
  }

  it('rides in the first one round trip once prepared, answering as if sent after it', async () => {
    // New to the connection: sent after the first, and prepared there (BEGIN with the first, the next, COMMIT).
    expect(await run('one', 2)).toEqual({ rows: [{ probe: 'one', n: 5 }], roundTrips: 3 });
    // Prepared now: in the first one's round trip, and it sees what the first did (BEGIN, first and next, then COMMIT).
    expect(await run('two', 5)).toEqual({ rows: [{ probe: 'two', n: 2 }], roundTrips: 2 });
    // Asked with other values than announced: the announced answer is not theirs, so they are sent.
    expect(await run('three', 1, 10)).toEqual({ rows: [{ probe: 'three', n: 1 }], roundTrips: 3 });
  });

  it('fails where it is asked for: the first answers, the transaction then fails with the next one error', async () => {
    await run('warm', 1);
    let firstAnswered = false;
    const failed = handle.db.transaction(async (tx) => {
      sendAlongWithFirstStatement(tx, { ...NEXT, values: [0] });
      await queryPrepared(tx, FIRST.name, FIRST.text, ['zero']);
      firstAnswered = true;
      return queryPrepared(tx, NEXT.name, NEXT.text, [0]);
    });
    await expect(failed).rejects.toSatisfy((error: unknown) => findSqlState(error) === '22012');
    expect(firstAnswered).toBe(true);
    // The connection is back and clean: the next transaction sends and answers as before.
    expect(await run('after', 2)).toEqual({ rows: [{ probe: 'after', n: 5 }], roundTrips: 2 });
  });

  it('a transaction given up after its first statement leaves nothing of the one sent along', async () => {
    await handle.db.execute(sql`CREATE TABLE along_probe (n int)`);
    const INSERT = { name: 'along_test_insert', text: 'INSERT INTO along_probe (n) VALUES ($1::int) RETURNING n' };
    const attempt = (n: number, giveUp: boolean) =>
      handle.db.transaction(async (tx) => {
        sendAlongWithFirstStatement(tx, { ...INSERT, values: [n] });
        await queryPrepared(tx, FIRST.name, FIRST.text, ['insert']);
        if (giveUp) throw new Error('the caller changed');
        return queryPrepared(tx, INSERT.name, INSERT.text, [n]);
      });
    await attempt(1, false);
    await expect(attempt(2, true)).rejects.toThrow('the caller changed');
    const kept = (await handle.db.execute(sql`SELECT n FROM along_probe ORDER BY n`)) as unknown as { rows: { n: number }[] };
    expect(kept.rows).toEqual([{ n: 1 }]);
  });
});
