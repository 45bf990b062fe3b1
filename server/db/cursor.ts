import { type SQL, sql } from 'drizzle-orm';
import type { Transaction } from './client';

/** Cursor names are unique within the process, so two readers in one transaction never clash. */
let cursorCount = 0;

/**
 * A query's rows, `batchSize` at a time, through a server-side cursor in the caller's open
 * transaction (DECLARE ... NO SCROLL CURSOR, then FETCH FORWARD n until the rows run out). The
 * query is planned and run once and the database hands rows over as they are fetched: memory
 * holds one batch, whatever the result's size, on PGlite and PostgreSQL alike (both are
 * PostgreSQL; the cursor is plain SQL, no driver feature). The next batch is fetched only when
 * the caller asks for it, so a slow consumer holds the query back, and a consumer that stops
 * (breaks out of the loop, or throws) stops it: the cursor ends with the transaction.
 *
 * Bind parameters in `query` are sent with DECLARE, which PostgreSQL accepts on the extended protocol.
 */
export async function* readInBatches<T extends Record<string, unknown>>(
  tx: Transaction,
  query: SQL,
  batchSize: number,
): AsyncGenerator<T[], void, undefined> {
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`a batch needs at least one row (got ${batchSize})`);
  const name = sql.raw(`batch_cursor_${++cursorCount}`);
  await tx.execute(sql`DECLARE ${name} NO SCROLL CURSOR FOR ${query}`);
  const fetch = sql`FETCH FORWARD ${sql.raw(String(batchSize))} FROM ${name}`;
  for (;;) {
    const rows = (await tx.execute(fetch)) as unknown as { rows: T[] };
    if (rows.rows.length > 0) yield rows.rows;
    if (rows.rows.length < batchSize) return;
  }
}
