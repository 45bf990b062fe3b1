// @ts-check
/*
 * Reads an uploaded spreadsheet into rows of text cells, in a worker thread (imports.parse.ts
 * starts it): a large or hostile file costs this thread's time and memory, never the server's event
 * loop. Both formats are read as streams and reading stops at the first row past the limit, so a
 * file of a million rows costs what a file of `maxRows` does. Plain JavaScript: a worker thread
 * runs a file as it is, in development, in tests and from the server's bundle alike.
 *
 * In: workerData { bytes: ArrayBuffer, xlsx: boolean, maxRows, maxColumns, maxCells, sliceRows }.
 * Out: one message, { ok: true, columns: string[], rowCount, slices: string[] } (non-empty rows
 * only; every row as wide as the widest; the data rows as JSON text, `sliceRows` rows a slice, so
 * the server takes over a few strings instead of a million cells and stores them as they are) or
 * { ok: false, reason } with reason one of not_utf8, unreadable_csv, unreadable_xlsx,
 * too_many_rows, too_many_columns, too_many_cells (and `detail`: the parser's words).
 */
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/** @typedef {'too_many_rows' | 'too_many_columns' | 'too_many_cells'} Limit */

class LimitReached extends Error {
  /** @param {Limit} reason */
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** Collects non-empty rows and stops at the first one past a limit. */
function createCollector({ maxRows, maxColumns, maxCells }) {
  /** @type {string[][]} */
  const rows = [];
  let cells = 0;
  return {
    rows,
    /** @param {string[]} row */
    add(row) {
      if (!row.some((cell) => cell !== '')) return;
      if (row.length > maxColumns) throw new LimitReached('too_many_columns');
      cells += row.length;
      if (cells > maxCells) throw new LimitReached('too_many_cells');
      rows.push(row);
      // The header and maxRows data rows are allowed; one more is enough to refuse.
      if (rows.length > maxRows + 1) throw new LimitReached('too_many_rows');
    },
  };
}

/** ';' when the header line has more semicolons than commas (outside quotes): Excel's habit in Norway. */
function detectDelimiter(text) {
  const firstLine = text.slice(0, 64 * 1024).split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (/** @type {string} */ char) => unquoted.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

async function readCsv(bytes, collector) {
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, reason: 'not_utf8' };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const parser = Readable.from([text]).pipe(
    parse({ delimiter: detectDelimiter(text), relax_column_count: true, skip_empty_lines: true, trim: true }),
  );
  try {
    for await (const record of parser) collector.add(record);
  } catch (error) {
    if (error instanceof LimitReached) return { ok: false, reason: error.reason };
    return { ok: false, reason: 'unreadable_csv', detail: /** @type {Error} */ (error).message };
  } finally {
    parser.destroy();
  }
  return { ok: true, rows: collector.rows };
}

const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');

/** A date cell: exceljs gives the wall-clock time as if it were UTC. */
function formatDateCell(date) {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const seconds = date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds();
  return seconds === 0 ? day : `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

/** @returns {string} */
function cellText(value) {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDateCell(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if (typeof value !== 'object') return '';
  if ('richText' in value)
    return value.richText
      .map((/** @type {{ text: string }} */ part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return cellText(value.result);
  if ('text' in value) return String(value.text).trim();
  return '';
}

async function readXlsx(bytes, collector) {
  // The first sheet, row by row. Shared strings are kept (cells refer to them by number) and the
  // styles, which say which numbers are dates.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        /** @type {string[]} */
        const cells = [];
        const count = /** @type {{ cellCount: number }} */ (row).cellCount;
        if (count > collector.maxColumns) throw new LimitReached('too_many_columns');
        for (let column = 1; column <= count; column += 1) cells.push(cellText(row.getCell(column).value));
        collector.add(cells);
      }
      break; // the first sheet only
    }
  } catch (error) {
    if (error instanceof LimitReached) return { ok: false, reason: error.reason };
    return { ok: false, reason: 'unreadable_xlsx', detail: /** @type {Error} */ (error).message };
  }
  return { ok: true, rows: collector.rows };
}

/**
 * The header and the data rows, each as wide as the widest row (a short row's missing cells are
 * ''), the data rows as JSON text a slice of `sliceRows` at a time.
 * @param {string[][]} rows
 * @param {number} sliceRows
 */
function toSlices(rows, sliceRows) {
  const width = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  const fill = (/** @type {string[]} */ row) => Array.from({ length: width }, (_, i) => row[i] ?? '');
  const [header = [], ...data] = rows;
  /** @type {string[]} */
  const slices = [];
  for (let start = 0; start < data.length; start += sliceRows) slices.push(JSON.stringify(data.slice(start, start + sliceRows).map(fill)));
  return { ok: true, columns: fill(header), rowCount: data.length, slices };
}

const { bytes, xlsx, maxRows, maxColumns, maxCells, sliceRows } = workerData;
const collector = { ...createCollector({ maxRows, maxColumns, maxCells }), maxColumns };
const result = await (xlsx ? readXlsx(new Uint8Array(bytes), collector) : readCsv(new Uint8Array(bytes), collector));
parentPort?.postMessage(result.ok ? toSlices(result.rows, sliceRows) : result);
