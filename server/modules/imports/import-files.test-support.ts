import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * An XLSX of a header and `rows` one-cell rows, written as a stream: small compressed, many rows
 * unfolded. For the import limit tests and bench:import (a file past the row limit).
 */
export async function buildOneCellXlsx(header: string, rows: number, cell: (row: number) => string | number): Promise<Uint8Array> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Kunder');
  sheet.addRow([header]).commit();
  for (let i = 0; i < rows; i++) sheet.addRow([cell(i)]).commit();
  sheet.commit();
  await workbook.commit();
  return new Uint8Array(Buffer.concat(chunks));
}
