/*
 * BEGIN sent in the same round trip as a transaction's first statement, on PostgreSQL (decision
 * 096). Every tenant transaction starts with BEGIN and then its scope statement (server/db/
 * tenant.ts); sent one after the other, the BEGIN costs a round trip of its own: a write and a
 * wake-up on both sides, a seventh of a logged call's. The extended query protocol lets a client
 * send several statements before one Sync, and node-postgres lets a query object write its own
 * messages (a "submittable", as pg-cursor does), so the BEGIN goes out as an unnamed statement just
 * ahead of the named prepared one, and one ReadyForQuery ends both.
 *
 * A transaction may also name the statement it sends next (sendAlongWithFirst, decision 099: the
 * logging context of a logged call, right after its scope): when that statement is already
 * prepared on the connection, it goes in the same round trip, after the first, and its answer (its
 * rows, or its error) waits for queryPrepared to ask for it. The database runs the three in order
 * in the one transaction, so the next one sees what the first did (the day's lock, the scope); if
 * the transaction is then given up (the caller changed), what the next one did goes with it.
 */
import pg from 'pg';

type PreparedConfig = { name: string; text: string; values: unknown[] };
type Callback = (error: Error | null, result?: pg.QueryResult) => void;

/** A named prepared statement: its name, its text (constant per name) and this run's values. */
export type PreparedStatement = PreparedConfig;
/** What a statement sent along answered. */
type Answer = { statement: PreparedStatement; rows: unknown[] } | { statement: PreparedStatement; error: Error };

/** Per connection: the statement to send along with the transaction's first one, until it is sent. */
const toSendAlong = new WeakMap<object, PreparedStatement>();
/** Per connection: what the statement sent along answered, until queryPrepared asks for it. */
const answered = new WeakMap<object, Answer>();

/**
 * Before a transaction's first statement: `statement` is the one it will send right after it, to
 * go in the same round trip when it is prepared on the connection already (PostgreSQL).
 */
export function sendAlongWithFirst(client: object, statement: PreparedStatement): void {
  toSendAlong.set(client, statement);
}

/**
 * The rows the statement sent along answered, when `statement` is that one with the same values
 * (they are then taken: asked once); its error is thrown. Undefined otherwise: send it.
 */
export function takeAnswerSentAlong(client: object, statement: PreparedStatement): unknown[] | undefined {
  const answer = answered.get(client);
  if (!answer || answer.statement.name !== statement.name || !sameValues(answer.statement.values, statement.values)) return undefined;
  answered.delete(client);
  if ('error' in answer) throw answer.error;
  return answer.rows;
}

/** At the end of a transaction: nothing sent along, or answered, outlives it. */
export function forgetSentAlong(client: object): void {
  toSendAlong.delete(client);
  answered.delete(client);
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => value === b[i]);

/** A value as the wire's text format carries it (the statements sent along take strings, numbers, booleans, dates and null). */
const toWireText = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString() : String(value);

/** The parts of node-postgres's connection and Query this writes to (pg 8: lib/connection.js, lib/query.js). */
type Connection = {
  parse(config: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  describe(config: { type: 'P' | 'S'; name: string }): void;
  execute(config: { portal: string; rows: number }): void;
  sync(): void;
  parsedStatements: Record<string, string | undefined>;
};
type ResultInternals = pg.QueryResult;
type QueryInternals = {
  name: string;
  callback: Callback;
  _result: ResultInternals;
  _results: ResultInternals | ResultInternals[];
  prepare(connection: Connection): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
  handleError(error: Error, connection: Connection): void;
  handleReadyForQuery(connection: Connection): void;
};
const Query = pg.Query as unknown as new (config: PreparedConfig & { callback: Callback }) => QueryInternals;

/**
 * A named prepared statement (queryPrepared's) that BEGIN precedes in the same round trip, and the
 * statement sent along (one prepared on the connection already) follows.
 */
export class QueryAfterBegin extends Query {
  /** What reaches the server: the counters of statements (the budget test, the bench) count them all. */
  readonly statementCount: number;
  private parsedBefore = true;
  /** CommandCompletes so far: BEGIN's, then the statement's, then the one sent along. */
  private completed = 0;

  constructor(
    readonly begin: string,
    readonly config: PreparedConfig,
    callback: Callback,
    /** The statement sent along, and where its answer goes. */
    readonly along: { statement: PreparedStatement; answer: (answer: Answer) => void } | null = null,
  ) {
    super({ ...config, callback });
    this.statementCount = along ? 3 : 2;
  }

  override prepare(connection: Connection): void {
    this.parsedBefore = connection.parsedStatements[this.name] !== undefined;
    connection.parse({ text: this.begin, name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [] });
    connection.execute({ portal: '', rows: 0 });
    if (!this.along) {
      super.prepare(connection);
      return;
    }
    // The statement's messages without their Sync, then the one sent along's, then one Sync.
    const sync = connection.sync;
    connection.sync = () => undefined;
    try {
      super.prepare(connection);
    } finally {
      connection.sync = sync;
    }
    const { statement } = this.along;
    connection.bind({ portal: '', statement: statement.name, values: statement.values.map(toWireText) });
    connection.describe({ type: 'P', name: '' });
    connection.execute({ portal: '', rows: 0 });
    connection.sync();
  }

  override handleCommandComplete(message: unknown, connection: Connection): void {
    this.completed += 1;
    super.handleCommandComplete(message, connection);
  }

  override handleError(error: Error, connection: Connection): void {
    // The statement sent along failed after the first had completed: the first's answer stands
    // (the transaction is aborted; whoever asks for the one sent along gets its error).
    if (this.along && this.completed >= 2 && Array.isArray(this._results)) {
      this.along.answer({ statement: this.along.statement, error });
      this.callback(null, this._results[1]);
      return;
    }
    // The client marks a named statement parsed at the first ParseComplete, which here is BEGIN's:
    // when the statement's own Parse never ran, forget it, so the next use parses it.
    if (!this.parsedBefore) delete connection.parsedStatements[this.name];
    super.handleError(error, connection);
  }

  override handleReadyForQuery(connection: Connection): void {
    // BEGIN's result, then the statement's (then the one sent along's): the caller asked for the statement's.
    if (Array.isArray(this._results)) {
      if (this.along) this.along.answer({ statement: this.along.statement, rows: this._results[2]?.rows ?? [] });
      this._results = this._results[1] ?? this._result;
    }
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
    const statement = toSendAlong.get(client);
    toSendAlong.delete(client);
    if (isPreparedConfig(first) && second === undefined) {
      // Sent along only once prepared on this connection (its Parse would need its own bookkeeping):
      // the first transaction on a connection sends it after, as before.
      const parsed = (client as unknown as { connection: Connection }).connection.parsedStatements;
      const along =
        statement && parsed[statement.name] === statement.text
          ? { statement, answer: (answer: Answer) => answered.set(client, answer) }
          : null;
      return new Promise<pg.QueryResult>((resolve, reject) => {
        query.call(client, new QueryAfterBegin(begin, first, (error, result) => (error ? reject(error) : resolve(result!)), along));
      });
    }
    return (query.call(client, begin) as Promise<unknown>).then(() => query.apply(client, args));
  };
  return {
    sent: () => sent,
    restore: () => {
      target.query = query;
      forgetSentAlong(client);
    },
  };
}

function isPreparedConfig(value: unknown): value is PreparedConfig {
  if (typeof value !== 'object' || value === null || 'submit' in value) return false;
  const config = value as Partial<PreparedConfig>;
  return typeof config.name === 'string' && typeof config.text === 'string' && Array.isArray(config.values);
}
