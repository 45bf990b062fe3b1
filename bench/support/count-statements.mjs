/*
 * Preloaded into the servers that bench/write.bench.ts starts (NODE_OPTIONS=--import=...): counts
 * the SQL statements the process sends to its database, for when the database's own statistics
 * cannot (PostgreSQL without pg_stat_statements in shared_preload_libraries; PGlite, which the
 * server opens without that extension). On SIGUSR2 it prints the running total to stderr as
 * "[bench:statements] <n> <memory JSON>"; the bench reads it before and after a timed run, and the
 * memory (V8's heap, memory outside it, PGlite's WASM heap, then the same after a full garbage
 * collection) for the resident memory lines. The collection runs outside the timed windows.
 *
 * What counts as one statement is what reaches the server as one: a node-postgres query() call
 * (pool.query() lends a client and calls it once; one that carries its transaction's BEGIN along
 * is two), and on PGlite a Parse (extended protocol: one
 * per query(), with its bind/execute) or a Query message (simple protocol: exec(), BEGIN, COMMIT).
 * Plain JavaScript, so it loads before tsx whatever the order of the --import flags.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

let statements = 0;

const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  // A statement sent with its transaction's BEGIN (server/db/begin-with-first-statement.ts) is two.
  statements += args[0]?.statementCount ?? 1;
  return clientQuery.apply(this, args);
};

/** The engine's WASM heap, which grows and never shrinks (decision 027), for the memory lines. */
let pgliteHeapBytes = 0;

const PARSE = 0x50; // 'P'
const QUERY = 0x51; // 'Q'
const execProtocolStream = PGlite.prototype.execProtocolStream;
PGlite.prototype.execProtocolStream = function countedExecProtocolStream(message, ...rest) {
  if (message[0] === PARSE || message[0] === QUERY) statements++;
  pgliteHeapBytes = this.mod?.HEAPU8?.byteLength ?? pgliteHeapBytes;
  return execProtocolStream.call(this, message, ...rest);
};

// A full garbage collection on demand, to tell what is live from what is merely not collected yet.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');

process.on('SIGUSR2', () => {
  const { heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  collectGarbage();
  const after = process.memoryUsage();
  const memory = {
    heapUsed,
    heapTotal,
    external,
    arrayBuffers,
    pgliteHeap: pgliteHeapBytes,
    // After a full collection: what the process would settle at, and what is really in use.
    rssAfterGc: after.rss,
    heapLive: after.heapUsed,
    externalAfterGc: after.external,
  };
  process.stderr.write(`[bench:statements] ${statements} ${JSON.stringify(memory)}\n`);
});

// BENCH_CPU_PROFILE_DIR: a CPU profile of the whole process, written as it exits (--cpu-prof is
// not allowed in NODE_OPTIONS). The main thread's inspector session answers synchronously.
const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
if (profileDir) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(join(profileDir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
