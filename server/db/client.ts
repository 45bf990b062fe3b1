import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type AdmissionGate, createAdmissionGate } from './admission-gate';
import { deferBegin, QueryAfterBegin } from './begin-with-first-statement';
import { isDatabaseUnavailable } from './errors';
import { PGLITE_ENGINE } from './prepared';

// No schema is given to drizzle: nothing uses its relational `db.query` API (queries are built
// with the SQL-like builder), and with a schema drizzle built a query builder for every table on
// each transaction, about 4 % of a journey server's CPU.
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Transaction;

export type DbEngine = 'pglite' | 'postgres';

/** One database, whichever engine: the drizzle handle plus what drizzle does not cover. */
export type DbHandle = {
  db: Database;
  engine: DbEngine;
  /** Runs a script of several statements (migrations); drizzle's execute() runs one. */
  exec(script: string): Promise<void>;
  /**
   * Runs `fn` on one connection (session-level state such as advisory locks stays put).
   * `query` runs a script of one or more statements and returns the last statement's rows.
   */
  withSession<T>(fn: (query: (script: string) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T>;
  /**
   * Subscribes to a NOTIFY channel on a dedicated connection. Returns an unsubscribe function.
   * When that connection is lost (a database restart, a network cut), it is re-opened with backoff
   * and `onRestored` is called: notifications sent in between are gone, so listeners resynchronise.
   */
  listen(channel: string, onPayload: (payload: string) => void, onRestored?: () => void): Promise<Subscription>;
  /**
   * The turns API requests take on this engine (server/db/admission-gate.ts, decision 027): a
   * gate on PGlite, which runs one statement at a time; none on PostgreSQL, whose pool queues.
   */
  requestGate?: AdmissionGate;
  close(): Promise<void>;
  /**
   * Calls `observer` with every statement this handle sends (text and parameters), until the
   * returned function is called. For the statement budget test (server/statement-budget.engines.test.ts)
   * and the benchmarks; with no observer it costs one size check per statement.
   */
  observeStatements(observer: StatementObserver): () => void;
};

/** The round trip on the LISTEN connection after which every notification committed before it has arrived. */
const CATCH_UP_SQL = 'SELECT 1';

/** Which part of a request sent a statement ('signed-in': finding who the caller is), when tagged. */
export type StatementPhase = 'signed-in';
export type StatementObserver = (text: string, params: readonly unknown[], phase: StatementPhase | undefined) => void;

const statementPhase = new AsyncLocalStorage<StatementPhase>();

/** How many observers are attached, over every handle of the process. */
let observing = 0;

/**
 * Tags the statements `fn` sends with `phase`, for observers (the statement budget test). Without
 * one it only calls `fn`: AsyncLocalStorage makes every later promise of the process pay for it.
 */
export function runInStatementPhase<T>(phase: StatementPhase, fn: () => Promise<T>): Promise<T> {
  return observing > 0 ? statementPhase.run(phase, fn) : fn();
}

function createObservers() {
  const observers = new Set<StatementObserver>();
  return {
    observers,
    emit(text: string, params: readonly unknown[] = []) {
      if (observers.size === 0) return;
      const phase = statementPhase.getStore();
      for (const observer of observers) observer(text, params, phase);
    },
    observe(observer: StatementObserver) {
      observers.add(observer);
      observing++;
      return () => {
        if (observers.delete(observer)) observing--;
      };
    },
  };
}

type PgliteQuery = (query: string, params?: unknown[], options?: unknown) => Promise<unknown>;
type PgliteExec = (query: string, options?: unknown) => Promise<unknown>;

/**
 * Wraps PGlite's query and transaction so observers see each statement, BEGIN and COMMIT included
 * (PGlite runs those inside transaction(), out of reach otherwise).
 */
function observePglite(client: PGlite, emit: (text: string, params?: readonly unknown[]) => void): void {
  // PGlite itself and each transaction handed to a callback have their own query().
  const observeQuery = (target: { query: unknown; exec?: unknown }) => {
    const query = (target.query as PgliteQuery).bind(target);
    target.query = ((text, params, options) => {
      emit(text, params ?? []);
      return query(text, params, options);
    }) satisfies PgliteQuery;
    // exec() runs a script (a prepared statement's first PREPARE and EXECUTE, server/db/prepared.ts).
    if (typeof target.exec === 'function') {
      const exec = (target.exec as PgliteExec).bind(target);
      target.exec = ((text, options) => {
        emit(text, []);
        return exec(text, options);
      }) satisfies PgliteExec;
    }
  };
  observeQuery(client);
  const transaction = client.transaction.bind(client);
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    emit('BEGIN');
    let ended = 'ROLLBACK';
    try {
      const result = await transaction((tx) => {
        observeQuery(tx);
        // Which engine (session) the transaction runs on: its prepared statements are that session's.
        (tx as unknown as { [PGLITE_ENGINE]: object })[PGLITE_ENGINE] = client;
        return callback(tx);
      });
      ended = 'COMMIT';
      return result;
    } finally {
      emit(ended);
    }
  }) as PGlite['transaction'];
}

/** A LISTEN subscription. */
export type Subscription = {
  stop(): Promise<void>;
  /**
   * Resolves once every notification committed before the call has been handed to `onPayload`.
   * PostgreSQL delivers a listening connection's pending notifications before it answers a query
   * on that connection, so one round trip on it is a barrier. PGlite hands them over (in a
   * microtask) before the committing query resolves, so there is nothing to wait for.
   */
  sync(): Promise<void>;
  /**
   * Whether notifications arrive now: false while a lost connection is being re-opened (workers
   * then look for work at their old short interval instead of waiting to be woken).
   */
  listening(): boolean;
};

export type OpenDatabaseOptions =
  // null: in memory (tests). loadDataDir: start from a dump of another database (dumpDataDir), in
  // memory: the tests' migrated base (server/test/base-database.ts), without initdb's seconds.
  { engine: 'pglite'; dataDir: string | null; loadDataDir?: Blob } | { engine: 'postgres'; url: string; poolSize?: number };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DbHandle> {
  return options.engine === 'pglite' ? openPglite(options.dataDir, options.loadDataDir) : openPostgres(options.url, options.poolSize);
}

/**
 * API requests let in to PGlite at once (server/db/admission-gate.ts, decision 027). PGlite and
 * the request handlers share one thread, so more in flight adds no throughput, only waiting: a few
 * keep the engine busy while answers travel on the sockets.
 */
const PGLITE_REQUESTS_IN_TURN = 4;

/**
 * PostgreSQL settings of the embedded engine (decision 027). PGlite's shared buffers live in its
 * WASM heap, which grows to hold them and never gives memory back; PostgreSQL's default of 128 MB
 * made up most of an idle server's engine memory. The data folder's files are in the operating
 * system's cache anyway, so a page that is not in the buffers costs a read from memory, not a disk.
 */
const PGLITE_SETTINGS = ['shared_buffers=32MB'];

/** How the embedded engine is opened (also by the write bench's minimal route, to compare alike). */
export function pgliteOptions(): PGliteOptions {
  // A new object each time: PGlite writes into the options it is given.
  return { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])] };
}

/**
 * Creates the database in a new data folder, in a worker thread that ends when it is done. PGlite
 * creates a database with a second WASM instance (initdb) and a copy of its heap, and the instance
 * that did it keeps about 450 MB of them reachable even after it is closed, until some later
 * collection; a server that opened its new folder directly sat at ~900 MB instead of ~450 MB. A
 * worker's memory goes back when it ends.
 */
async function createPgliteFolder(dataDir: string): Promise<void> {
  const pgliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     import(workerData.pgliteUrl).then(async ({ PGlite }) => {
       const db = new PGlite(workerData.dataDir, workerData.options);
       await db.waitReady;
       await db.close();
     });`,
    { eval: true, workerData: { pgliteUrl, dataDir, options: pgliteOptions() } },
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the database in ${dataDir} failed (exit ${code})`)),
    );
  });
}

async function openPglite(dataDir: string | null, loadDataDir?: Blob): Promise<DbHandle> {
  if (dataDir) {
    // PGlite fails on a data folder whose parent is missing (ARCHITECTURE.md, pitfalls).
    mkdirSync(dataDir, { recursive: true });
    if (!existsSync(join(dataDir, 'PG_VERSION'))) await createPgliteFolder(dataDir);
  }
  const client = dataDir ? new PGlite(dataDir, pgliteOptions()) : new PGlite({ ...pgliteOptions(), ...(loadDataDir && { loadDataDir }) });
  await client.waitReady;
  const statements = createObservers();
  observePglite(client, statements.emit);
  const db = drizzlePglite(client) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    requestGate: createAdmissionGate(PGLITE_REQUESTS_IN_TURN),
    exec: async (script) => {
      await client.exec(script);
    },
    withSession: (fn) =>
      fn(async (script) => {
        const results = await client.exec(script);
        return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
      }),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return {
        stop: async () => {
          if (!client.closed) await unlisten();
        },
        sync: async () => {
          // Notifications are queued as microtasks while the committing query is parsed: let them run.
          await Promise.resolve();
        },
        // In the same process as the database: nothing can be lost between them.
        listening: () => !client.closed,
      };
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    observeStatements: statements.observe,
  };
}

export const LISTEN_APPLICATION_NAME = 'dealboard-listen';

/** The longest wait between attempts to re-open a lost LISTEN connection. */
const RELISTEN_MAX_DELAY_MS = 30_000;

/**
 * How long a request waits for a new connection before it is told the database is away (a 503):
 * a database that does not answer at all (a network cut) must not hold requests for minutes.
 */
const CONNECT_TIMEOUT_MS = 10_000;

async function openPostgres(url: string, poolSize = 10): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // Idle connections' errors reach the pool; each connection's own listener below logs them.
  pool.on('error', () => undefined);
  const statements = createObservers();
  pool.on('connect', (client) => {
    // The pool listens to a connection only while it is idle. One cut while checked out (a database
    // restart ends every session) emits 'error' too, and an 'error' event without a listener ends
    // the process. The request using it gets the error from its query; the pool
    // drops the connection when it is released.
    client.on('error', (error) => console.error(`[db] connection lost: ${error.message}`));
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (statements.observers.size > 0) {
        const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
        if (typeof first === 'string') statements.emit(first, Array.isArray(second) ? second : []);
        else {
          // A statement that takes the transaction's BEGIN along (and the next statement, decision
          // 099): two or three statements, one round trip.
          if (first instanceof QueryAfterBegin) statements.emit(first.begin);
          statements.emit(first.text, first.values ?? (Array.isArray(second) ? second : []));
          if (first instanceof QueryAfterBegin && first.along) statements.emit(first.along.statement.text, first.along.statement.values);
        }
      }
      return query(...args);
    };
  });
  // Fail fast with a clear message when the server is unreachable or the credentials are wrong.
  const probe = await pool.connect();
  probe.release();
  const db = drizzlePg(pool) as unknown as Database;
  releaseConnectionsOfFailedTransactions(db, pool);
  const listeners = new Set<pg.Client>();
  return {
    db,
    engine: 'postgres',
    exec: async (script) => {
      await pool.query(script);
    },
    withSession: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(async (script) => {
          const result = (await client.query(script)) as unknown as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(result) ? result.at(-1) : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload, onRestored) => {
      let current: pg.Client | null = null;
      let stopped = false;
      const open = async () => {
        // Named, so an operator (and the lost-connection test) can tell it from the pool's.
        const client = new pg.Client({ connectionString: url, application_name: LISTEN_APPLICATION_NAME });
        // Without an 'error' handler a lost connection would crash the process.
        client.on('error', (error) => {
          console.error(`[realtime] LISTEN connection lost: ${error.message}`);
          void reopen(client);
        });
        client.on('end', () => void reopen(client));
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload) onPayload(message.payload);
        });
        try {
          await client.connect();
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          await client.end().catch(() => undefined);
          throw error;
        }
        current = client;
        listeners.add(client);
      };
      const reopen = async (lost: pg.Client) => {
        if (stopped || current !== lost) return; // already reopening, or an attempt that failed
        current = null;
        listeners.delete(lost);
        await lost.end().catch(() => undefined);
        // 0.5 s, 1 s, 2 s ... up to 30 s between attempts, for as long as the server runs.
        for (let delayMs = 500; !stopped; delayMs = Math.min(delayMs * 2, RELISTEN_MAX_DELAY_MS)) {
          await new Promise((resolve) => setTimeout(resolve, delayMs));
          if (stopped) return;
          try {
            await open();
            console.info('[realtime] LISTEN connection restored');
            onRestored?.();
            return;
          } catch {
            // the database is still away; try again later
          }
        }
      };
      await open();
      return {
        stop: async () => {
          stopped = true;
          const client = current;
          current = null;
          if (client) {
            listeners.delete(client);
            await client.end().catch(() => undefined);
          }
        },
        sync: async () => {
          const client = current;
          // A lost connection resynchronises everyone when it is back (onRestored); nothing to wait for.
          if (!client) return;
          // A statement like any other for the observers (the statement budget counts it).
          statements.emit(CATCH_UP_SQL);
          await (client as pg.Client).query(CATCH_UP_SQL).catch(() => undefined);
        },
        listening: () => current !== null,
      };
    },
    close: async () => {
      await Promise.all([...listeners].map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
    observeStatements: statements.observe,
  };
}

type NodePgSessionParts = {
  transaction: Database['transaction'];
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
};

/**
 * Replaces drizzle's pooled transaction (drizzle-orm 0.45 node-postgres) with one that always gives
 * its connection back. drizzle's sends BEGIN before its try: a BEGIN that fails (the database
 * restarting) kept the connection checked out for good, and ten of those left every later request
 * waiting. It also threw the ROLLBACK's error over the one that caused it. Here a
 * connection that was lost is released as broken, so the pool closes it instead of lending it out
 * again, and the caller gets the first error. Otherwise the same statements as drizzle's.
 */
function releaseConnectionsOfFailedTransactions(db: Database, pool: pg.Pool): void {
  const session = (db as unknown as { session: NodePgSessionParts }).session;
  session.transaction = (async (transaction: Parameters<Database['transaction']>[0], config?: Parameters<Database['transaction']>[1]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    let begun: ReturnType<typeof deferBegin> | undefined;
    try {
      const txSession = new NodePgSession(client, session.dialect, session.schema, session.options);
      const tx = new NodePgTransaction(session.dialect, txSession, session.schema);
      // getTransactionConfigSQL is drizzle's own (internal in its types): the same BEGIN drizzle sends.
      const configSql = config
        ? (tx as unknown as { getTransactionConfigSQL(c: typeof config): SQL }).getTransactionConfigSQL(config)
        : undefined;
      // Sent with the transaction's first statement, in its round trip (decision 096).
      begun = deferBegin(client, session.dialect.sqlToQuery(sql`begin${configSql ? sql` ${configSql}` : undefined}`).sql);
      try {
        const result = await transaction(tx as unknown as Transaction);
        if (begun.sent()) await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        if (begun.sent()) {
          await tx.execute(sql`rollback`).catch((rollbackError: unknown) => {
            broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
          });
        }
        throw error;
      }
    } catch (error) {
      if (!broken && isDatabaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      begun?.restore();
      client.release(broken);
    }
  }) as Database['transaction'];
}
