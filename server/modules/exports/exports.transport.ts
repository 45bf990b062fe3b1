import { once } from 'node:events';
import { mkdtemp, open as openFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PassThrough, type Readable } from 'node:stream';
import { EXPORT_CONTENT_TYPES, type ExportFormat } from '@core/contracts';
import type { DbHandle } from '../../db/client';
import { HttpError } from '../../lib/http';
import { type Cell, createTableWriter, type Row, type TableOptions, type TableWriter } from './exports.formats';

/*
 * From the database to the client's download (decision 034). An export runs `read(open, signal)`:
 * it reads in one snapshot transaction, calls `open(file)` once it knows what the file is (its
 * first reads may still refuse with an HttpError, answered as JSON), then writes rows to the
 * returned writer a batch at a time, each batch read only once the previous one was taken.
 *
 * Where the bytes go depends on the engine:
 * - PostgreSQL: straight into the response. A slow client holds the next FETCH back (a pooled
 *   connection waits with it, hence the limit on exports at once and the stall timeout); a client
 *   that goes away aborts the transaction and with it the query.
 * - PGlite: the rows go to an unlinked temporary file as they are read (one JSON line each), and
 *   the file is formatted from there while the client downloads it. PGlite runs one transaction at
 *   a time for the whole server, so a snapshot held open for as long as a slow download (or the
 *   XLSX writer) takes would stop every other request; the engine is held for the read alone.
 * Memory stays flat either way: a batch, and the streams' buffers.
 */

export type ExportFile = Omit<TableOptions, 'creator'> & { format: ExportFormat; fileName: string };

export type ExportRead = (open: (file: ExportFile) => TableWriter, signal: AbortSignal) => Promise<void>;

/** Exports running at once on this instance, and per member: each holds a pooled connection on PostgreSQL. */
export const EXPORTS_AT_ONCE = 4;
export const EXPORTS_PER_MEMBER = 2;

/** A client that takes nothing for this long has its export stopped (PostgreSQL: it holds a connection and a snapshot). */
export const EXPORT_STALL_MS = 120_000;

/** Bytes buffered between the file writer and the response. */
const RESPONSE_BUFFER_BYTES = 64 * 1024;

/** The exports running on one database handle: how many, whose, and how to stop them. */
type Running = { total: number; byMember: Map<string, number>; stops: Set<() => Promise<void>> };
const runningByDatabase = new WeakMap<DbHandle, Running>();

function runningOn(database: DbHandle): Running {
  let running = runningByDatabase.get(database);
  if (!running) runningByDatabase.set(database, (running = { total: 0, byMember: new Map(), stops: new Set() }));
  return running;
}

function takeSlot(database: DbHandle, memberId: string): () => void {
  const running = runningOn(database);
  const mine = running.byMember.get(memberId) ?? 0;
  if (running.total >= EXPORTS_AT_ONCE || mine >= EXPORTS_PER_MEMBER) {
    throw new HttpError(429, 'too_many_exports', 'Too many exports are running at once. Try again when one has finished.');
  }
  running.total++;
  running.byMember.set(memberId, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running.total--;
    const left = (running.byMember.get(memberId) ?? 1) - 1;
    if (left > 0) running.byMember.set(memberId, left);
    else running.byMember.delete(memberId);
  };
}

/**
 * Stops every export still running on `database` (their transactions roll back, their downloads
 * end unfinished) and waits until they have let go of it: before the database is closed, so a
 * shutdown never waits on a client that stopped reading.
 */
export async function stopRunningExports(database: DbHandle): Promise<void> {
  await Promise.all([...runningOn(database).stops].map((stop) => stop()));
}

/** A file name without anything a file system or a header could trip on. */
function cleanFileName(name: string): string {
  return (
    name
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f"\\/<>:|?*]+/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** The same name in ASCII (for clients that do not read filename*): Norwegian letters spelled out, the rest dashes. */
function asciiFileName(name: string): string {
  return name
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .replace(/[øØ]/g, (c) => (c === 'ø' ? 'o' : 'O'))
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|-+(?=\.[A-Za-z0-9]+$)|-+$/g, '');
}

/** RFC 5987 / RFC 6266: attachment; filename="ascii"; filename*=UTF-8''percent-encoded. */
export function buildContentDisposition(fileName: string): string {
  const utf8 = cleanFileName(fileName);
  const ascii = asciiFileName(utf8) || 'export';
  const encoded = encodeURIComponent(utf8).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A pull-based web stream over a Node stream: the next chunk is read only when the response asks
 * for it (highWaterMark 0), so the Node stream's buffer, and behind it the export, wait for the
 * client. The stream ends only once `beforeEnd` has settled (the export's transaction is over), so
 * a client that has the whole file may start its next export at once.
 */
function toWebStream(
  source: () => Promise<Readable>,
  events: {
    /** The client asks for more (the server is now the one to wait for). */
    onPull: () => void;
    /** A chunk was handed over (the client is now the one to wait for). */
    onChunk: () => void;
    beforeEnd: () => Promise<void>;
    onFail: () => void;
    onCancel: (reason: unknown) => void;
  },
): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        events.onPull();
        try {
          chunks ??= (await source())[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
          const { value, done } = await chunks.next();
          if (!done) {
            controller.enqueue(value);
            return events.onChunk();
          }
          await events.beforeEnd();
          controller.close();
        } catch (error) {
          events.onFail();
          controller.error(error);
        }
      },
      async cancel(reason) {
        events.onCancel(reason);
        await chunks?.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/**
 * Where an export's rows go, and where the response's bytes come from.
 * - To the response (PostgreSQL): the file is written into the response as rows arrive.
 * - Through a spool (PGlite): the rows are copied out of the snapshot into a temporary file as
 *   they are read (JSON lines: cheap to write, so the engine is held for the read alone), and the
 *   file is formatted from there as the client downloads it, at the client's pace.
 */
type Sink = {
  /** The writer the export's reads write rows to. */
  open(file: ExportFile & { creator: string }): TableWriter;
  /** The response's bytes: as they come (PostgreSQL), or once `reading` is over (PGlite). */
  body(signal: AbortSignal): Promise<Readable>;
  /** Frees what the sink holds (the buffer, the temporary file) when the response will not read on. */
  discard(): Promise<void>;
};

function createResponseSink(): Sink {
  const out = new PassThrough({ highWaterMark: RESPONSE_BUFFER_BYTES });
  return {
    open: (file) => createTableWriter(file.format, out, file),
    body: async () => out,
    discard: async () => void out.destroy(),
  };
}

/** Rows per batch when the spool is formatted, as when it was read. */
const SPOOL_BATCH_ROWS = 1000;

/** An unlinked temporary file: gone from the folder at once, its space freed when the last handle closes. */
async function createSpoolSink(reading: () => Promise<void>): Promise<Sink> {
  const folder = await mkdtemp(join(tmpdir(), 'dealboard-export-'));
  const handle = await openFile(join(folder, 'rows'), 'w+', 0o600);
  await rm(folder, { recursive: true, force: true });
  const spool = handle.createWriteStream({ start: 0, autoClose: false });
  let file: (ExportFile & { creator: string }) | null = null;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    spool.destroy();
    await handle.close().catch(() => undefined);
  };

  /** Reads the spool back a batch at a time into the file's real writer, which waits for the client. */
  async function format(out: PassThrough, signal: AbortSignal): Promise<void> {
    const chosen = file!;
    const isDate = chosen.columns.map((column) => column.kind === 'datetime' || column.kind === 'date');
    const writer = createTableWriter(chosen.format, out, chosen);
    const lines = createInterface({ input: handle.createReadStream({ start: 0, autoClose: false }), crlfDelay: Infinity });
    let batch: Row[] = [];
    for await (const line of lines) {
      const row = JSON.parse(line) as Cell[];
      for (let i = 0; i < row.length; i++) if (isDate[i] && row[i] !== null) row[i] = new Date(row[i] as string);
      batch.push(row);
      if (batch.length === SPOOL_BATCH_ROWS) {
        await writer.writeRows(batch, signal);
        batch = [];
      }
    }
    if (batch.length > 0) await writer.writeRows(batch, signal);
    await writer.finish();
  }

  return {
    open: (chosen) => {
      file = chosen;
      return {
        async writeRows(rows, signal) {
          signal.throwIfAborted();
          // A Date becomes its ISO string here and a Date again in format().
          if (!spool.write(rows.map((row) => JSON.stringify(row)).join('\n') + '\n')) await once(spool, 'drain', { signal });
        },
        async finish() {
          const finished = once(spool, 'finish');
          spool.end();
          await finished;
        },
      };
    },
    body: async (signal) => {
      await reading();
      const out = new PassThrough({ highWaterMark: RESPONSE_BUFFER_BYTES });
      void format(out, signal)
        .catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
        .finally(close);
      return out;
    },
    discard: close,
  };
}

/**
 * Answers with the export file `read` produces, streamed. Refusals before the file is opened are
 * thrown (the one error shape); a failure after it ends the download unfinished, which the
 * browser shows as a failed download rather than a short file.
 */
export async function sendExportFile(input: {
  database: DbHandle;
  memberId: string;
  creator: string;
  read: ExportRead;
  /** EXPORT_STALL_MS unless a test says otherwise. */
  stallMs?: number;
}): Promise<Response> {
  const release = takeSlot(input.database, input.memberId);
  const abort = new AbortController();
  const spooled = input.database.engine === 'pglite';
  let file: ExportFile | null = null;
  let sink: Sink | null = null;
  let reading: Promise<void> = Promise.resolve();
  try {
    let onOpened!: () => void;
    const opened = new Promise<void>((resolve) => (onOpened = resolve));
    const chosenSink = spooled ? await createSpoolSink(() => reading) : createResponseSink();
    sink = chosenSink;
    reading = input.read((chosen) => {
      file = chosen;
      onOpened();
      return chosenSink.open({ ...chosen, creator: input.creator });
    }, abort.signal);
    await Promise.race([opened, reading]);
    if (!file) throw new Error('the export finished without opening its file');
  } catch (error) {
    abort.abort(error);
    await reading.catch(() => undefined);
    await sink?.discard();
    release();
    throw error;
  }
  const { format, fileName } = file as ExportFile;
  const activeSink = sink;
  const running = runningOn(input.database);

  // A client that takes nothing for EXPORT_STALL_MS stops the export: on PostgreSQL it holds a
  // connection and a snapshot; spooled, only a file. The clock runs only while the next chunk
  // waits for the client, never while the client waits for the server (a long read on PGlite).
  let stallTimer: NodeJS.Timeout | null = null;
  const clearStall = () => {
    if (stallTimer) clearTimeout(stallTimer);
    stallTimer = null;
  };
  const watchStall = () => {
    clearStall();
    stallTimer = setTimeout(() => abort.abort(new Error('the client stopped reading')), input.stallMs ?? EXPORT_STALL_MS).unref();
  };
  // The slot is given back when the transaction is over and the client has the file, or left.
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    clearStall();
    running.stops.delete(stop);
    release();
  };
  const stopAfterReading = () => void reading.catch(() => undefined).finally(settle);
  const stop = async () => {
    abort.abort(new Error('the server is shutting down'));
    await activeSink.discard();
    await reading.catch(() => undefined);
    settle();
  };
  running.stops.add(stop);
  void reading.catch(async (error: unknown) => {
    if (!abort.signal.aborted) console.error('[exports] an export failed after its first byte', error);
    await activeSink.discard();
  });

  watchStall();
  const body = toWebStream(() => activeSink.body(abort.signal), {
    onPull: clearStall,
    onChunk: watchStall,
    beforeEnd: () => reading.finally(settle),
    onFail: stopAfterReading,
    onCancel: (reason) => {
      abort.abort(reason ?? new Error('the client went away'));
      void activeSink.discard();
      stopAfterReading();
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': EXPORT_CONTENT_TYPES[format],
      'Content-Disposition': buildContentDisposition(fileName),
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
