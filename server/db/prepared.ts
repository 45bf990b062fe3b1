import { type PreparedStatement, sendAlongWithFirst, takeAnswerSentAlong } from './begin-with-first-statement';
import type { Transaction } from './client';

type PgPoolClient = {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  release(): void;
};
type PgliteTransaction = {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  exec(text: string): Promise<{ rows: unknown[] }[]>;
};

/**
 * The names prepared on each embedded engine (one session each, for its life), keyed by the
 * engine: client.ts marks each PGlite transaction with its engine (PGLITE_ENGINE).
 */
const preparedOnPglite = new WeakMap<object, Set<string>>();

/** The property client.ts sets on each PGlite transaction: the engine it runs on. */
export const PGLITE_ENGINE = Symbol('pglite engine');

/**
 * Runs one statement of a hot path (logging an activity, opening a tenant transaction) on the
 * transaction's own connection, as a named prepared statement: the server parses and plans it once
 * per connection (PostgreSQL) or per engine (PGlite), and afterwards only executes it. It also
 * skips drizzle's query building, which was a fifth of the Node CPU of a logged call (decision 028).
 *
 * On PostgreSQL the driver prepares it (Parse once, then Bind/Execute). On PGlite, whose query()
 * parses and plans every statement anew (the badges' statement: 6 ms of its 6.9 were planning), it
 * is PREPAREd once and run with EXECUTE, its values written as quoted literals that the prepared
 * statement's parameter types take (decision 096).
 *
 * `text` must be constant per `name` (PostgreSQL refuses a name prepared with other text), with
 * $1..$n placeholders. Rows come back as the drivers parse them, so hot statements select json,
 * integers, booleans and text only (both engines then agree on the types).
 */
export async function queryPrepared<T>(tx: Transaction, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = clientOf(tx);
  if ('release' in client) {
    // Sent in the round trip of the transaction's first statement already (sendAlongWithFirstStatement).
    const rows = takeAnswerSentAlong(client, { name, text, values });
    if (rows) return rows as T[];
    return (await client.query({ name, text, values })).rows as T[];
  }
  const engine = (client as { [PGLITE_ENGINE]?: object })[PGLITE_ENGINE];
  const literals = engine ? toLiterals(values) : null;
  if (!engine || literals === null) return (await client.query(text, values)).rows as T[];
  let prepared = preparedOnPglite.get(engine);
  if (!prepared) preparedOnPglite.set(engine, (prepared = new Set()));
  const execute = `EXECUTE ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`;
  if (prepared.has(name)) return (await client.query(execute)).rows as T[];
  // The first time: prepared and run in one call. A prepared statement is the session's, not the
  // transaction's: it stays prepared whatever becomes of this transaction.
  const results = await client.exec(`PREPARE ${name} AS ${text};\n${execute}`);
  prepared.add(name);
  return results.at(-1)!.rows as T[];
}

/** The transaction's own connection: drizzle keeps the one it opened the transaction on as session.client (both drivers). */
const clientOf = (tx: Transaction) => (tx as unknown as { session: { client: PgPoolClient | PgliteTransaction } }).session.client;

/**
 * Before a transaction's first statement (decision 099): `statement` is the queryPrepared one it
 * sends right after the first, so on PostgreSQL it travels in the first one's round trip (once it
 * is prepared on the connection) and queryPrepared answers it from there. On PGlite, which has no
 * round trips, nothing changes. Its values: strings, numbers, booleans, dates and null.
 */
export function sendAlongWithFirstStatement(tx: Transaction, statement: PreparedStatement): void {
  const client = clientOf(tx);
  if ('release' in client) sendAlongWithFirst(client, statement);
}

/**
 * The values as SQL string literals (their type is the prepared parameter's), or null when one is
 * not a plain value (an array or an object: those keep the driver's own serialization).
 */
function toLiterals(values: unknown[]): string[] | null {
  const literals: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined) literals.push('NULL');
    else if (typeof value === 'string') literals.push(quote(value));
    else if (typeof value === 'number' && Number.isFinite(value)) literals.push(quote(String(value)));
    else if (typeof value === 'boolean' || typeof value === 'bigint') literals.push(quote(String(value)));
    else if (value instanceof Date) literals.push(quote(value.toISOString()));
    else return null;
  }
  return literals;
}

/**
 * An escape string literal (E'...'): backslashes and quotes doubled, so it reads the same whatever
 * standard_conforming_strings is set to.
 */
function quote(text: string): string {
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
