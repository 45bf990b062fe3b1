import { isStorableText } from '@core/contracts';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PROJECT_ROOT } from '../../db/project-root';
import { badRequest, HttpError } from '../../lib/http';
import { yieldTurn } from '../../lib/yield-turn';

/*
 * Reading an uploaded file into text cells: a header row and data rows. CSV in UTF-8 (a BOM is
 * dropped) with ',' or ';' between fields; XLSX's first sheet, its date cells written as
 * YYYY-MM-DD (and HH:MM:SS when the cell has a time) so the row checks read both formats alike.
 */

/**
 * A file read: its header, its data rows, and the same rows as JSON text a slice at a time
 * (IMPORT_CELL_SLICE_ROWS rows each), stored as they are (decision 084).
 */
export type ParsedFile = { columns: string[]; cells: string[][]; slices: string[] };

/** Data rows per slice of a read file, as stored while it is a preview: a few hundred kilobytes of text. */
export const IMPORT_CELL_SLICE_ROWS = 5000;

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isXlsx(bytes: Uint8Array, fileName: string): boolean {
  const zip = XLSX_MAGIC.every((byte, i) => bytes[i] === byte);
  return zip || /\.xlsx$/i.test(fileName);
}

/** The most columns a file may have, and cells in all (the widest file of the most rows is smaller). */
export const IMPORT_MAX_COLUMNS = 100;
export const IMPORT_MAX_CELLS = 3_000_000;
/**
 * What reading one file may take in its worker thread. A file within the limits is read in a few
 * seconds and well under this memory; one that is not (an XLSX whose compressed parts unfold into
 * gigabytes) is stopped and refused, and the server's own heap is never touched.
 */
const READ_TIME_LIMIT_MS = 60_000;
const READ_MEMORY_LIMIT_MB = 512;

const WORKER_FILE = join(PROJECT_ROOT, 'server', 'modules', 'imports', 'imports.parse-worker.mjs');

type WorkerResult =
  | { ok: true; columns: string[]; rowCount: number; slices: string[] }
  | {
      ok: false;
      reason: 'not_utf8' | 'unreadable_csv' | 'unreadable_xlsx' | 'too_many_rows' | 'too_many_columns' | 'too_many_cells';
      detail?: string;
    };

const tooLargeToRead = () =>
  new HttpError(
    413,
    'payload_too_large',
    'The file is too large to read: it unfolds into more data than an import may hold. Split it into smaller files.',
  );

function refusalOf(result: Extract<WorkerResult, { ok: false }>, maxRows: number): HttpError {
  switch (result.reason) {
    case 'not_utf8':
      return badRequest('The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.', { file: 'Not UTF-8 text' });
    case 'unreadable_csv':
      return badRequest(`The CSV file could not be read: ${result.detail ?? ''}`.trim(), { file: 'Not a readable CSV file' });
    case 'unreadable_xlsx':
      return badRequest('The file is not a readable XLSX workbook.', { file: 'Not a readable XLSX file' });
    case 'too_many_rows':
      return badRequest(`The file has more than ${maxRows} rows; at most ${maxRows} can be imported at once.`, { file: 'Too many rows' });
    case 'too_many_columns':
      return badRequest(`A row has more than ${IMPORT_MAX_COLUMNS} columns; an import may have at most ${IMPORT_MAX_COLUMNS}.`, {
        file: 'Too many columns',
      });
    case 'too_many_cells':
      return tooLargeToRead();
  }
}

/**
 * The file's non-empty rows, read in a worker thread (imports.parse-worker.mjs) that stops at the
 * first row past a limit and is ended when it takes too long or too much memory.
 */
function readRows(bytes: Uint8Array, xlsx: boolean, maxRows: number): Promise<Extract<WorkerResult, { ok: true }>> {
  // Handed over, not copied: the worker owns the file's bytes from here.
  const buffer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_FILE, {
      workerData: {
        bytes: buffer,
        xlsx,
        maxRows,
        maxColumns: IMPORT_MAX_COLUMNS,
        maxCells: IMPORT_MAX_CELLS,
        sliceRows: IMPORT_CELL_SLICE_ROWS,
      },
      transferList: [buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: READ_MEMORY_LIMIT_MB },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(tooLargeToRead())), READ_TIME_LIMIT_MS);
    worker.once('message', (result: WorkerResult) => settle(() => (result.ok ? resolve(result) : reject(refusalOf(result, maxRows)))));
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() => reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? tooLargeToRead() : error)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the import reader ended (exit ${code}) without an answer`))));
  });
}

const unstorable = () =>
  badRequest('The file contains a character that cannot be saved (a NUL byte or a broken character).', { file: 'Unstorable text' });

/**
 * The file's header and data rows; refuses an empty file, one with only a header, or one over
 * `maxRows`. The rows come from the worker as text and are read here a slice at a time, with a
 * turn for other requests after each (a 100,000-row file is a few hundred milliseconds of work).
 */
export async function parseImportFile(bytes: Uint8Array, fileName: string, maxRows: number): Promise<ParsedFile> {
  const read = await readRows(bytes, isXlsx(bytes, fileName), maxRows);
  if (read.columns.length === 0 || read.rowCount === 0) {
    throw badRequest('The file has no rows to import: a header row and at least one data row are needed.', { file: 'No data rows' });
  }
  if (!read.columns.every(isStorableText)) throw unstorable();
  const cells: string[][] = [];
  for (const slice of read.slices) {
    for (const row of JSON.parse(slice) as string[][]) {
      if (!row.every(isStorableText)) throw unstorable();
      cells.push(row);
    }
    await yieldTurn();
  }
  return { columns: read.columns, cells, slices: read.slices };
}
