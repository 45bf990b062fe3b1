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
 * Plain JavaScript, so it loads before tsx whatever the order of the --import flags. With
 * BENCH_STATEMENT_TIMES, PGlite's time per statement too (below).
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
  const starts = message[0] === PARSE || message[0] === QUERY;
  if (starts) statements++;
  pgliteHeapBytes = this.mod?.HEAPU8?.byteLength ?? pgliteHeapBytes;
  if (!statementTimes) return execProtocolStream.call(this, message, ...rest);
  if (starts) timedStatement = nameStatement(message);
  const started = performance.now();
  const result = execProtocolStream.call(this, message, ...rest);
  const name = timedStatement;
  const add = () => {
    const entry = statementTimes.get(name) ?? { count: 0, ms: 0 };
    entry.ms += performance.now() - started;
    if (starts) entry.count++;
    statementTimes.set(name, entry);
  };
  if (typeof result?.then === 'function') result.then(add, add);
  else add();
  return result;
};

/*
 * BENCH_STATEMENT_TIMES=<file> (PGlite): the engine's time per statement (the message's call into
 * PGlite, its Bind and Execute after its Parse counted to it), written to the file as the process
 * exits, the costliest first. A prepared statement run by EXECUTE is named by its name, so its
 * calls add up whatever their values.
 */
const statementTimesFile = process.env.BENCH_STATEMENT_TIMES;
const statementTimes = statementTimesFile ? new Map() : null;
let timedStatement = '?';

function nameStatement(message) {
  // Query: 'Q', length, text. Parse: 'P', length, statement name, text.
  const fields = Buffer.from(message.subarray(5, 400)).toString('latin1').split('\0');
  const text = message[0] === PARSE ? fields[1] || fields[0] : fields[0];
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(EXECUTE \w+).*/, '$1')
    .slice(0, 100);
}

if (statementTimes) {
  process.on('exit', () => {
    const rows = [...statementTimes]
      .sort((a, b) => b[1].ms - a[1].ms)
      .map(
        ([name, { count, ms }]) =>
          `${ms.toFixed(0).padStart(8)} ms ${String(count).padStart(8)}× ${(ms / Math.max(count, 1)).toFixed(3).padStart(8)} ms  ${name}`,
      );
    writeFileSync(`${statementTimesFile}.${process.pid}`, `${rows.join('\n')}\n`);
  });
}

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
