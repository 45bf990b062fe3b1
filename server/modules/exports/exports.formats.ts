import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { CsvSeparator, ExportFormat, Language } from '@core/contracts';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';

/*
 * The two file formats an export is written in, behind one small interface: rows in, bytes out
 * to a Node stream, and a promise per batch that settles when the destination has taken it
 * (backpressure: the caller reads its next batch from the database only then). The libraries do
 * the format: csv-stringify quotes and escapes, exceljs's streaming writer builds the workbook.
 */

/** What a column holds, which decides how a cell is written in each format. */
/** `number`: any number, decimals included (a company's own number field, decision 100). */
export type CellKind = 'text' | 'integer' | 'number' | 'money' | 'percent' | 'datetime' | 'date';

/** `numFmt`: XLSX only, instead of the kind's own format (a KPI's percent with its decimals, decision 101). */
export type Column = { header: string; kind: CellKind; width: number; numFmt?: string };

/**
 * A cell: text; a whole number (integer); minor units of the company currency (money); a whole
 * percent 0-100 (percent); a local time or day as a Date whose UTC fields are the company's
 * wall-clock time (datetime, date: files carry no time zone, so the time is written as the
 * reader of the company's office would read it off the wall); or nothing.
 */
export type Cell = string | number | Date | null;
export type Row = readonly Cell[];

export type TableWriter = {
  /** Writes the rows; settles once the destination has taken them (or rejects when `signal` aborts). */
  writeRows(rows: readonly Row[], signal: AbortSignal): Promise<void>;
  /** Ends the file; settles once all of it has been handed to the destination. */
  finish(): Promise<void>;
};

export type TableOptions = {
  columns: readonly Column[];
  /** XLSX: the sheet's name (continued sheets get " (2)", " (3)" ...). */
  sheetName: string;
  /** The company's currency code (NOK, EUR ...), for the money format. */
  currency: string;
  /** The reader's language: where the currency goes in the XLSX money format. */
  language: Language;
  /** CSV only. */
  separator: CsvSeparator;
  /** XLSX: the workbook's author. */
  creator: string;
  /** XLSX: data rows per sheet before the next one starts (Excel's limit by default; tests pass a small one). */
  maxRowsPerSheet?: number;
};

/** Excel's rows per sheet (1,048,576), less the header row. */
export const XLSX_MAX_DATA_ROWS = 1_048_575;

export function createTableWriter(format: ExportFormat, out: Writable, options: TableOptions): TableWriter {
  return format === 'csv' ? createCsvWriter(out, options) : createXlsxWriter(out, options);
}

/** Waits until `stream` wants more (its buffer is below its high-water mark). */
async function drained(stream: Writable, signal: AbortSignal): Promise<void> {
  if (!stream.writableNeedDrain) return;
  await once(stream, 'drain', { signal });
}

// ---- CSV ------------------------------------------------------------------------------------------

/** Minor units as a decimal number without grouping: 1234.50, or 1234,50 where the separator is `;`. */
function formatMinorUnits(amount: number, decimalMark: string): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.trunc(abs / 100)}${decimalMark}${String(abs % 100).padStart(2, '0')}`;
}

const toCsvCell: Record<CellKind, (value: Exclude<Cell, null>, decimalMark: string) => string | number> = {
  text: (value) => String(value),
  integer: (value) => value as number,
  number: (value, decimalMark) => String(value).replace('.', decimalMark),
  money: (value, decimalMark) => formatMinorUnits(value as number, decimalMark),
  percent: (value, decimalMark) => String(value).replace('.', decimalMark),
  // 2026-11-24 14:05:09: what Excel and LibreOffice read as a date and time in any locale.
  datetime: (value) => (value as Date).toISOString().slice(0, 19).replace('T', ' '),
  date: (value) => (value as Date).toISOString().slice(0, 10),
};

/**
 * UTF-8 with a byte order mark (Excel reads a file without one in the system's legacy code page,
 * and Norwegian letters come out wrong), CRLF line ends (RFC 4180). With `;` as the separator the
 * decimals use a comma: that is the pair Excel in a Norwegian (or most European) locale opens
 * by double-click. Text that a spreadsheet would run as a formula (starting with =, +, -, @, a tab
 * or a carriage return) gets a leading apostrophe (csv-stringify's escape_formulas, OWASP's advice).
 */
function createCsvWriter(out: Writable, options: TableOptions): TableWriter {
  const semicolon = options.separator === 'semicolon';
  const decimalMark = semicolon ? ',' : '.';
  const kinds = options.columns.map((column) => column.kind);
  const csv = stringify({ bom: true, delimiter: semicolon ? ';' : ',', record_delimiter: 'windows', escape_formulas: true });
  csv.pipe(out);
  csv.write(options.columns.map((column) => (column.kind === 'percent' ? `${column.header} (%)` : column.header)));
  return {
    async writeRows(rows, signal) {
      signal.throwIfAborted();
      for (const row of rows) {
        csv.write(row.map((value, i) => (value === null ? null : toCsvCell[kinds[i]!](value, decimalMark))));
      }
      await drained(csv, signal);
    },
    async finish() {
      const finished = once(out, 'finish');
      csv.end();
      await finished;
    },
  };
}

// ---- XLSX -----------------------------------------------------------------------------------------

const CURRENCY_SYMBOLS: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' };

/** Whether the language writes the amount before its currency ("12 500,00 kr") rather than after ("NOK 12,500.00"). */
const AMOUNT_FIRST: Record<Language, boolean> = { en: false, nb: true, sv: true, da: true };

/**
 * Excel's number format for the currency: "NOK "#,##0.00 in English; #,##0.00" NOK" in Norwegian,
 * Swedish and Danish, which write the amount, a space, then the currency (grouping and decimals
 * follow the reader's Excel).
 */
export function computeMoneyFormat(currency: string, language: Language): string {
  const symbol = CURRENCY_SYMBOLS[currency];
  if (AMOUNT_FIRST[language]) return `#,##0.00" ${symbol ?? currency}"`;
  return symbol ? `"${symbol}"#,##0.00` : `"${currency} "#,##0.00`;
}

function numberFormatOf(kind: CellKind, moneyFormat: string): string | undefined {
  switch (kind) {
    case 'money':
      return moneyFormat;
    case 'percent':
      return '0%';
    case 'datetime':
      return 'yyyy-mm-dd hh:mm';
    case 'date':
      return 'yyyy-mm-dd';
    default:
      return undefined;
  }
}

const toXlsxCell: Record<CellKind, (value: Exclude<Cell, null>) => ExcelJS.CellValue> = {
  text: (value) => String(value),
  integer: (value) => value,
  number: (value) => value,
  money: (value) => (value as number) / 100,
  percent: (value) => (value as number) / 100,
  datetime: (value) => value,
  date: (value) => value,
};

/** A worksheet's part of the zip as a standard stream; exceljs hands it strings, Buffers and its own StringBufs. */
class SheetStream extends PassThrough {
  override write(chunk: unknown, ...rest: unknown[]): boolean {
    const data = typeof chunk === 'string' || Buffer.isBuffer(chunk) ? chunk : (chunk as { toBuffer(): Buffer }).toBuffer();
    return (super.write as (...args: unknown[]) => boolean)(data, ...rest);
  }
}

/** Bytes of a sheet's XML buffered ahead of the zip: enough to keep compression busy between batches. */
const SHEET_BUFFER_BYTES = 1024 * 1024;

type WorkbookInternals = { _openStream(path: string): Writable; zip: { append(source: Writable, data: { name: string }): void } };

/**
 * exceljs's streaming writer, with typed cells (numbers, dates with a date format, money with the
 * currency's format, percents), a bold header row frozen in place with a filter on it, and column
 * widths. Strings are written inline (useSharedStrings off: a shared-strings table would keep every
 * distinct text in memory until the end).
 *
 * Backpressure: exceljs buffers each sheet's XML in its own StreamBuf, which hands data on to the zip
 * without waiting for it, so a slow reader would leave the whole sheet in memory. Each sheet gets a
 * standard stream instead (`_openStream`, the one place the workbook opens a part; pinned exceljs
 * 4.4.0): its buffer fills when the zip, the response or the client falls behind, and writeRows
 * waits for it to drain.
 *
 * A sheet holds at most `maxRowsPerSheet` data rows (Excel's limit); the rest continue on the next
 * sheet, each with the header.
 */
function createXlsxWriter(out: Writable, options: TableOptions): TableWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = options.creator;
  workbook.lastModifiedBy = options.creator;
  const internals = workbook as unknown as WorkbookInternals;
  if (typeof internals._openStream !== 'function')
    throw new Error('exceljs changed: WorkbookWriter._openStream is gone (exports.formats.ts)');
  let sheetStream: SheetStream | null = null;
  internals._openStream = (path: string) => {
    const stream = new SheetStream({ highWaterMark: SHEET_BUFFER_BYTES });
    internals.zip.append(stream, { name: path });
    // exceljs waits for 'zipped' before it writes the workbook's remaining parts.
    stream.on('finish', () => stream.emit('zipped'));
    if (path.startsWith('/xl/worksheets/sheet')) sheetStream = stream;
    return stream;
  };

  const maxRows = options.maxRowsPerSheet ?? XLSX_MAX_DATA_ROWS;
  const moneyFormat = computeMoneyFormat(options.currency, options.language);
  const kinds = options.columns.map((column) => column.kind);
  const headers = options.columns.map((column) => (column.kind === 'percent' ? `${column.header} (%)` : column.header));
  let sheet: ExcelJS.Worksheet | null = null;
  let sheetCount = 0;
  let rowsInSheet = 0;

  const startSheet = () => {
    sheet?.commit();
    sheetCount++;
    sheet = workbook.addWorksheet(toSheetName(options.sheetName, sheetCount), {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2' }],
    });
    sheet.columns = options.columns.map((column) => {
      const numFmt = column.numFmt ?? numberFormatOf(column.kind, moneyFormat);
      return numFmt ? { width: column.width, style: { numFmt } } : { width: column.width };
    });
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: options.columns.length } };
    const header = sheet.addRow(headers);
    header.font = { bold: true };
    header.commit();
    rowsInSheet = 0;
  };
  startSheet();

  return {
    async writeRows(rows, signal) {
      signal.throwIfAborted();
      for (const row of rows) {
        if (rowsInSheet === maxRows) startSheet();
        sheet!.addRow(row.map((value, i) => (value === null ? null : toXlsxCell[kinds[i]!](value)))).commit();
        rowsInSheet++;
      }
      if (sheetStream) await drained(sheetStream, signal);
    },
    async finish() {
      sheet?.commit();
      await workbook.commit();
    },
  };
}

/**
 * A worksheet's name as Excel takes it: none of \ / ? * [ ] : (Swedish "KPI:er" made Excel call the
 * file damaged; a dash instead, as the file's name has it) and at most 31 characters, the sheet's
 * number after the first included.
 */
function toSheetName(name: string, count: number): string {
  const suffix = count === 1 ? '' : ` (${count})`;
  return name.replace(/[\\/?*[\]:]/g, '-').slice(0, 31 - suffix.length) + suffix;
}
