/*
 * BEGIN sent in the same round trip as a transaction's first statement, on PostgreSQL (decision
 * 096). Every tenant transaction starts with BEGIN and then its scope statement (server/db/
 * tenant.ts); sent one after the other, the BEGIN costs a round trip of its own: a write and a
 * wake-up on both sides, a seventh of a logged call's. The extended query protocol lets a client
 * send several statements before one Sync, and node-postgres lets a query object write its own
 * messages (a "submittable", as pg-cursor does), so the BEGIN goes out as an unnamed statement just
 * ahead of the named prepared one, and one ReadyForQuery ends both.
 */
import pg from 'pg';

type PreparedConfig = { name: string; text: string; values: unknown[] };
type Callback = (error: Error | null, result?: pg.QueryResult) => void;

/** The parts of node-postgres's connection and Query this writes to (pg 8: lib/connection.js, lib/query.js). */
type Connection = {
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
  parsedStatements: Record<string, string | undefined>;
};
type QueryInternals = {
  name: string;
  _result: unknown;
  _results: unknown;
  prepare(connection: Connection): void;
  handleError(error: Error, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
};
const Query = pg.Query as unknown as new (config: PreparedConfig & { callback: Callback }) => QueryInternals;

/** A named prepared statement (queryPrepared's) that BEGIN precedes in the same round trip. */
export class QueryAfterBegin extends Query {
  /** What reaches the server: the counters of statements (the budget test, the bench) count both. */
  readonly statementCount = 2;
  private parsedBefore = true;

  constructor(
    readonly begin: string,
    readonly config: PreparedConfig,
    callback: Callback,
  ) {
    super({ ...config, callback });
  }

  override prepare(connection: Connection): void {
    this.parsedBefore = connection.parsedStatements[this.name] !== undefined;
    connection.parse({ text: this.begin, name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '', rows: 0 });
    super.prepare(connection);
  }

  override handleError(error: Error, connection: Connection): void {
    // The client marks a named statement parsed at the first ParseComplete, which here is BEGIN's:
    // when the statement's own Parse never ran, forget it, so the next use parses it.
    if (!this.parsedBefore) delete connection.parsedStatements[this.name];
    super.handleError(error, connection);
  }

  override handleReadyForQuery(connection: Connection): void {
    // Two results came back (BEGIN's, then the statement's): the caller asked for the statement's.
    if (Array.isArray(this._results)) this._results = this._result;
    super.handleReadyForQuery(connection);
  }
}

type QueryMethod = (...args: unknown[]) => unknown;

/**
 * Holds a transaction's BEGIN back until its first statement: a named prepared statement takes it
 * along in its round trip; anything else has it sent just before (as before). `sent` says whether
 * the transaction began (a callback that sent nothing has nothing to commit or roll back).
 */
export function deferBegin(client: pg.PoolClient, begin: string): { sent(): boolean; restore(): void } {
  const target = client as unknown as { query: QueryMethod };
  const query = target.query;
  let sent = false;
  target.query = (...args: unknown[]) => {
    target.query = query;
    sent = true;
    const [first, second] = args;
    if (isPreparedConfig(first) && second === undefined) {
      return new Promise<pg.QueryResult>((resolve, reject) => {
        query.call(client, new QueryAfterBegin(begin, first, (error, result) => (error ? reject(error) : resolve(result!))));
      });
    }
    return (query.call(client, begin) as Promise<unknown>).then(() => query.apply(client, args));
  };
  return {
    sent: () => sent,
    restore: () => {
      target.query = query;
    },
  };
}

function isPreparedConfig(value: unknown): value is PreparedConfig {
  if (typeof value !== 'object' || value === null || 'submit' in value) return false;
  const config = value as Partial<PreparedConfig>;
  return typeof config.name === 'string' && typeof config.text === 'string' && Array.isArray(config.values);
}
