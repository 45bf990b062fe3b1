import { isStorableText } from '@core/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { badRequest } from '../../lib/http';

/*
 * Reading an uploaded file into text cells: a header row and data rows. CSV in UTF-8 (a BOM is
 * dropped) with ',' or ';' between fields; XLSX's first sheet, its date cells written as
 * YYYY-MM-DD (and HH:MM:SS when the cell has a time) so the row checks read both formats alike.
 */

export type ParsedFile = { columns: string[]; cells: string[][] };

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export function isXlsx(bytes: Uint8Array, fileName: string): boolean {
  const zip = XLSX_MAGIC.every((byte, i) => bytes[i] === byte);
  return zip || /\.xlsx$/i.test(fileName);
}

/** ';' when the header line has more semicolons than commas (outside quotes): Excel's habit in Norway. */
export function detectDelimiter(text: string): ',' | ';' {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  const count = (char: string) => unquoted.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

function parseCsv(bytes: Uint8Array): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The file is not UTF-8 text. Save it as "CSV UTF-8" and upload it again.', { file: 'Not UTF-8 text' });
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return parse(text, { delimiter: detectDelimiter(text), relax_column_count: true, skip_empty_lines: true, trim: true }) as string[][];
  } catch (error) {
    throw badRequest(`The CSV file could not be read: ${(error as Error).message}`, { file: 'Not a readable CSV file' });
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell: exceljs gives the wall-clock time as if it were UTC. */
function formatDateCell(date: Date): string {
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const seconds = date.getUTCHours() * 3600 + date.getUTCMinutes() * 60 + date.getUTCSeconds();
  return seconds === 0 ? day : `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDateCell(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim();
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text).trim();
  if ('error' in value) return '';
  return '';
}

async function parseXlsx(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch {
    throw badRequest('The file is not a readable XLSX workbook.', { file: 'Not a readable XLSX file' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellText(row.getCell(column).value));
    rows.push(cells);
  });
  return rows;
}

/** The file's header and data rows; refuses an empty file, one with only a header, or one over `maxRows`. */
export async function parseImportFile(bytes: Uint8Array, fileName: string, maxRows: number): Promise<ParsedFile> {
  const rows = isXlsx(bytes, fileName) ? await parseXlsx(bytes) : parseCsv(bytes);
  const nonEmpty = rows.filter((row) => row.some((cell) => cell !== ''));
  const [header, ...data] = nonEmpty;
  if (!header || data.length === 0) {
    throw badRequest('The file has no rows to import: a header row and at least one data row are needed.', { file: 'No data rows' });
  }
  if (data.length > maxRows) {
    throw badRequest(`The file has ${data.length} rows; at most ${maxRows} can be imported at once.`, { file: 'Too many rows' });
  }
  const width = data.reduce((widest, row) => Math.max(widest, row.length), header.length);
  const fill = (row: string[]) => Array.from({ length: width }, (_, i) => row[i] ?? '');
  const all = [header, ...data];
  if (all.some((row) => row.some((cell) => !isStorableText(cell)))) {
    throw badRequest('The file contains a character that cannot be saved (a NUL byte or a broken character).', { file: 'Unstorable text' });
  }
  return { columns: fill(header), cells: data.map(fill) };
}
