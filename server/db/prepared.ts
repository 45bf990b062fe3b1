import type { Transaction } from './client';

type PgPoolClient = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  release(): void;
};
type PgliteTransaction = {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
};

/**
 * Runs one statement of a hot path (logging an activity, opening a tenant transaction) on the
 * transaction's own connection, as a named prepared statement on PostgreSQL: the server parses and
 * plans it once per connection, and the driver sends only Bind/Execute afterwards. It also skips
 * drizzle's query building, which was a fifth of the Node CPU of a logged call (decision 028).
 *
 * `text` must be constant per `name` (PostgreSQL refuses a name prepared with other text), with
 * $1..$n placeholders. Rows come back as the drivers parse them, so hot statements select json,
 * integers, booleans and text only (both engines then agree on the types).
 */
export async function queryPrepared<T>(tx: Transaction, name: string, text: string, values: unknown[]): Promise<T[]> {
  // drizzle keeps the connection it opened the transaction on as session.client (both drivers).
  const client = (tx as unknown as { session: { client: PgPoolClient | PgliteTransaction } }).session.client;
  if ('release' in client) return (await client.query({ name, text, values })).rows as T[];
  return (await client.query(text, values)).rows as T[];
}
