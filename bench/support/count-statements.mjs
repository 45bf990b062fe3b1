/*
 * Preloaded into the servers that bench/write.bench.ts starts (NODE_OPTIONS=--import=...): counts
 * the SQL statements the process sends to its database, for when the database's own statistics
 * cannot (PostgreSQL without pg_stat_statements in shared_preload_libraries; PGlite, which the
 * server opens without that extension). On SIGUSR2 it prints the running total to stderr as
 * "[bench:statements] <n>"; the bench reads it before and after a timed run.
 *
 * What counts as one statement is what reaches the server as one: a node-postgres query() call
 * (pool.query() lends a client and calls it once), and on PGlite a Parse (extended protocol: one
 * per query(), with its bind/execute) or a Query message (simple protocol: exec(), BEGIN, COMMIT).
 * Plain JavaScript, so it loads before tsx whatever the order of the --import flags.
 */
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

let statements = 0;

const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  statements++;
  return clientQuery.apply(this, args);
};

const PARSE = 0x50; // 'P'
const QUERY = 0x51; // 'Q'
const execProtocolStream = PGlite.prototype.execProtocolStream;
PGlite.prototype.execProtocolStream = function countedExecProtocolStream(message, ...rest) {
  if (message[0] === PARSE || message[0] === QUERY) statements++;
  return execProtocolStream.call(this, message, ...rest);
};

process.on('SIGUSR2', () => process.stderr.write(`[bench:statements] ${statements}\n`));
