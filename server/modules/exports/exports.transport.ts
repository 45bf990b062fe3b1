import { mkdtemp, open as openFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { EXPORT_CONTENT_TYPES, type ExportFormat } from '@core/contracts';
import type { DbHandle } from '../../db/client';
import { HttpError } from '../../lib/http';
import { createTableWriter, type TableOptions, type TableWriter } from './exports.formats';

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
 * - PGlite: into an unlinked temporary file, then from there to the client. PGlite runs one
 *   transaction at a time for the whole server, so a snapshot held open for as long as a slow
 *   download takes would stop every other request; the engine is held only while the rows are
 *   read and written out, as fast as the disk takes them. Memory stays flat either way.
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
 * for it (highWaterMark 0), so the Node stream's buffer, and behind it the export, wait for the client.
 */
function toWebStream(
  source: () => Promise<Readable>,
  events: { onPull: () => void; onEnd: () => void; onCancel: (reason: unknown) => void },
): ReadableStream<Uint8Array> {
  let chunks: AsyncIterator<Buffer> | null = null;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        events.onPull();
        try {
          chunks ??= (await source())[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
          const { value, done } = await chunks.next();
          if (done) {
            events.onEnd();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          events.onEnd();
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

type Sink = {
  /** Where the writer writes. */
  out: Writable;
  /** The bytes for the response, once `reading` has settled (PGlite) or as they come (PostgreSQL). */
  body: () => Promise<Readable>;
  /** Frees what the sink holds (the temporary file) when the response is not going to read it. */
  discard: () => Promise<void>;
};

function createResponseSink(): Sink {
  const out = new PassThrough({ highWaterMark: RESPONSE_BUFFER_BYTES });
  return { out, body: async () => out, discard: async () => void out.destroy() };
}

/** An unlinked temporary file: gone from the folder at once, its space freed when the last handle closes. */
async function createFileSink(reading: () => Promise<void>): Promise<Sink> {
  const folder = await mkdtemp(join(tmpdir(), 'dealboard-export-'));
  const handle = await openFile(join(folder, 'file'), 'w+', 0o600);
  await rm(folder, { recursive: true, force: true });
  const out = handle.createWriteStream({ start: 0, autoClose: false });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close().catch(() => undefined);
  };
  return {
    out,
    body: async () => {
      await reading();
      const stream = handle.createReadStream({ start: 0, autoClose: false });
      stream.once('end', () => void close());
      stream.once('close', () => void close());
      return stream;
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
}): Promise<Response> {
  const release = takeSlot(input.database, input.memberId);
  const abort = new AbortController();
  let file: ExportFile | null = null;
  let sink: Sink | null = null;
  let reading: Promise<void> = Promise.resolve();
  try {
    let onOpened!: () => void;
    const opened = new Promise<void>((resolve) => (onOpened = resolve));
    const spooled = input.database.engine === 'pglite';
    sink = spooled ? await createFileSink(() => reading) : createResponseSink();
    const writerOut = sink.out;
    reading = input.read((chosen) => {
      file = chosen;
      onOpened();
      return createTableWriter(chosen.format, writerOut, { ...chosen, creator: input.creator });
    }, abort.signal);
    await Promise.race([opened, reading]);
    if (!file) throw new Error('the export finished without opening its file');
    const { format, fileName } = file as ExportFile;
    const activeSink = sink;

    // A client that takes nothing for EXPORT_STALL_MS stops the export (only while the database
    // waits on it: a spooled export has finished reading before the first byte goes out).
    let stallTimer: NodeJS.Timeout | null = null;
    const watchStall = () => {
      if (stallTimer) clearTimeout(stallTimer);
      if (!spooled) stallTimer = setTimeout(() => abort.abort(new Error('the client stopped reading')), EXPORT_STALL_MS).unref();
    };
    // The slot is given back once the database is done and the client has the file (or left).
    let onBodyDone!: () => void;
    const bodyDone = new Promise<void>((resolve) => (onBodyDone = resolve));
    const endBody = () => {
      if (stallTimer) clearTimeout(stallTimer);
      onBodyDone();
    };
    const stop = async () => {
      abort.abort(new Error('the server is shutting down'));
      endBody();
      await activeSink.discard();
      await reading.catch(() => undefined);
    };
    const running = runningOn(input.database);
    running.stops.add(stop);
    void Promise.allSettled([reading, bodyDone]).then(() => {
      running.stops.delete(stop);
      release();
    });
    void reading.catch((error: unknown) => {
      if (!abort.signal.aborted) console.error('[exports] an export failed after its first byte', error);
      if (!spooled) activeSink.out.destroy(error instanceof Error ? error : new Error(String(error)));
    });

    watchStall();
    const body = toWebStream(() => activeSink.body(), {
      onPull: watchStall,
      onEnd: endBody,
      onCancel: (reason) => {
        endBody();
        abort.abort(reason ?? new Error('the client went away'));
        void activeSink.discard();
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
  } catch (error) {
    abort.abort(error);
    await reading.catch(() => undefined);
    await sink?.discard();
    release();
    throw error;
  }
}
