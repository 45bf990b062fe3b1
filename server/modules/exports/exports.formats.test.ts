import { once } from 'node:events';
import { PassThrough, Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type Column, computeMoneyFormat, createTableWriter, type Row, type TableOptions } from './exports.formats';

/*
 * The file formats on their own (no database): what a spreadsheet program reads back from the
 * bytes, and that a writer waits for a slow destination. Read back with csv-parse and exceljs,
 * not by comparing strings we wrote ourselves.
 */

const COLUMNS: Column[] = [
  { header: 'When', kind: 'datetime', width: 18 },
  { header: 'Day', kind: 'date', width: 12 },
  { header: 'Who', kind: 'text', width: 20 },
  { header: 'Value (NOK)', kind: 'money', width: 14 },
  { header: 'Points', kind: 'integer', width: 8 },
  { header: 'Conversion', kind: 'percent', width: 12 },
];

const ROWS: Row[] = [
  [new Date('2026-11-24T14:05:09Z'), new Date('2026-11-24T00:00:00Z'), 'Åse Ødegård, "the closer"', 1_250_050, 10, 25],
  [new Date('2026-03-29T03:00:00Z'), new Date('2026-03-29T00:00:00Z'), 'Line one\nline two; with a semicolon', 5, 0, 0],
  [null, null, null, null, null, null],
];

const OPTIONS: Omit<TableOptions, 'separator'> = {
  columns: COLUMNS,
  sheetName: 'Activities',
  currency: 'NOK',
  language: 'en',
  creator: 'Dealboard',
};

/** Everything written to a stream, once it has finished. */
function collect(): { out: Writable; bytes: () => Promise<Buffer> } {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { out, bytes: async () => (out.writableFinished ? Buffer.concat(chunks) : (await once(out, 'finish'), Buffer.concat(chunks))) };
}

async function writeFile(format: 'csv' | 'xlsx', options: Partial<TableOptions>, rows: Row[] = ROWS): Promise<Buffer> {
  const { out, bytes } = collect();
  const writer = createTableWriter(format, out, { ...OPTIONS, separator: 'comma', ...options });
  await writer.writeRows(rows, new AbortController().signal);
  await writer.finish();
  return bytes();
}

async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe('CSV', () => {
  it('is UTF-8 with a byte order mark, CRLF line ends, quoted where needed, and parses back to the same cells', async () => {
    const bytes = await writeFile('csv', {});
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFFWhen,Day,Who,Value (NOK),Points,Conversion (%)');
    const records = parse(bytes, { bom: true, relax_column_count: false }) as string[][];
    expect(records).toEqual([
      ['When', 'Day', 'Who', 'Value (NOK)', 'Points', 'Conversion (%)'],
      ['2026-11-24 14:05:09', '2026-11-24', 'Åse Ødegård, "the closer"', '12500.50', '10', '25'],
      ['2026-03-29 03:00:00', '2026-03-29', 'Line one\nline two; with a semicolon', '0.05', '0', '0'],
      ['', '', '', '', '', ''],
    ]);
  });

  it('with the semicolon separator, writes decimal commas (what Excel in Norwegian opens by double-click)', async () => {
    const bytes = await writeFile('csv', { separator: 'semicolon' });
    const records = parse(bytes, { bom: true, delimiter: ';' }) as string[][];
    expect(records[1]).toEqual(['2026-11-24 14:05:09', '2026-11-24', 'Åse Ødegård, "the closer"', '12500,50', '10', '25']);
    expect(records[2]![2]).toBe('Line one\nline two; with a semicolon');
    // A percent with decimals (the KPI board's "All" row: 44.4) too, or Excel reads it as text or a date.
    const decimals = parse(await writeFile('csv', { separator: 'semicolon' }, [[null, null, 'All', null, 64, 44.4]]), {
      bom: true,
      delimiter: ';',
    }) as string[][];
    expect(decimals[1]!.slice(4)).toEqual(['64', '44,4']);
  });

  it('puts an apostrophe before text a spreadsheet would run as a formula, and only before text', async () => {
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+47 99 99 99 99', '-1+1', '@SUM(A1)', '\tTabbed', '\rReturn', '＝fullwidth'];
    const rows: Row[] = hostile.map((text) => [null, null, text, null, -5, null]);
    const records = parse(await writeFile('csv', {}, rows), { bom: true }) as string[][];
    expect(records.slice(1).map((r) => r[2])).toEqual(hostile.map((text) => `'${text}`));
    // A number stays a number, minus sign and all.
    expect(records.slice(1).map((r) => r[4])).toEqual(hostile.map(() => '-5'));
  });
});

describe('XLSX', () => {
  it('has typed cells: dates as dates, money as numbers in the currency format, percents, whole numbers', async () => {
    const workbook = await readWorkbook(await writeFile('xlsx', {}));
    const sheet = workbook.getWorksheet('Activities')!;
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toEqual(new Date('2026-11-24T14:05:09Z'));
    expect(row.getCell(1).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row.getCell(2).value).toEqual(new Date('2026-11-24T00:00:00Z'));
    expect(row.getCell(2).numFmt).toBe('yyyy-mm-dd');
    expect(row.getCell(3).value).toBe('Åse Ødegård, "the closer"');
    expect(row.getCell(4).value).toBe(12500.5);
    expect(row.getCell(4).numFmt).toBe('"NOK "#,##0.00');
    expect(row.getCell(5).value).toBe(10);
    expect(row.getCell(6).value).toBe(0.25);
    expect(row.getCell(6).numFmt).toBe('0%');
    expect(sheet.getRow(4).getCell(3).value).toBeNull();
  });

  it('has a bold header row frozen in place with a filter, and column widths', async () => {
    const workbook = await readWorkbook(await writeFile('xlsx', {}));
    const sheet = workbook.getWorksheet('Activities')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'When', 'Day', 'Who', 'Value (NOK)', 'Points', 'Conversion (%)']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:F1');
    expect(sheet.columns.map((c) => c.width)).toEqual([18, 12, 20, 14, 8, 12]);
    expect(workbook.creator).toBe('Dealboard');
  });

  it("keeps hostile text as text (cells are typed: nothing is a formula), and money in the reader's format", async () => {
    const rows: Row[] = [[null, null, '=HYPERLINK("http://evil.example","x")', 100, null, null]];
    const workbook = await readWorkbook(await writeFile('xlsx', { language: 'nb', currency: 'EUR' }, rows));
    const cell = workbook.worksheets[0]!.getRow(2).getCell(3);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://evil.example","x")');
    expect(workbook.worksheets[0]!.getRow(2).getCell(4).numFmt).toBe('#,##0.00" €"');
    expect(computeMoneyFormat('USD', 'en')).toBe('"$"#,##0.00');
    expect(computeMoneyFormat('NOK', 'nb')).toBe('#,##0.00" NOK"');
    expect(computeMoneyFormat('SEK', 'sv')).toBe('#,##0.00" SEK"');
    expect(computeMoneyFormat('EUR', 'da')).toBe('#,##0.00" €"');
  });

  it('continues on a new sheet, header and all, past the rows a sheet may hold', async () => {
    const rows: Row[] = Array.from({ length: 5 }, (_, i) => [null, null, `Row ${i + 1}`, null, i + 1, null]);
    const workbook = await readWorkbook(await writeFile('xlsx', { maxRowsPerSheet: 2 }, rows));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Activities', 'Activities (2)', 'Activities (3)']);
    expect(workbook.worksheets.map((s) => s.getColumn(5).values.slice(1))).toEqual([
      ['Points', 1, 2],
      ['Points', 3, 4],
      ['Points', 5],
    ]);
  });

  it('names its sheets as Excel takes them: no colon or slash, at most 31 characters with the number', async () => {
    const rows: Row[] = Array.from({ length: 3 }, (_, i) => [null, null, `Row ${i + 1}`, null, i + 1, null]);
    const long = 'KPI:er / Norrsken Försäljning AB [alla]';
    const workbook = await readWorkbook(await writeFile('xlsx', { maxRowsPerSheet: 2, sheetName: long }, rows));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['KPI-er - Norrsken Försäljning A', 'KPI-er - Norrsken Försäljni (2)']);
  });
});

describe('backpressure', () => {
  /** A destination that takes nothing until `open()` is called. */
  function gatedDestination() {
    let open = false;
    let waiting: (() => void) | null = null;
    let taken = 0;
    const out = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        taken += chunk.length;
        if (open) callback();
        else waiting = callback;
      },
    });
    return {
      out,
      taken: () => taken,
      open: () => {
        open = true;
        waiting?.();
      },
    };
  }

  const manyRows: Row[] = Array.from({ length: 20_000 }, (_, i) => [null, null, `A row of some length, number ${i}`, i, i, null]);

  it.each(['csv', 'xlsx'] as const)(
    '%s: a batch is taken only when the destination takes it, and an abort ends the wait',
    async (format) => {
      const destination = gatedDestination();
      const writer = createTableWriter(format, destination.out, { ...OPTIONS, separator: 'comma' });
      const abort = new AbortController();
      let settled = false;
      const batch = writer.writeRows(manyRows, abort.signal).then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(settled).toBe(false);
      destination.open();
      await batch;
      expect(destination.taken()).toBeGreaterThan(0);

      const stuck = createTableWriter(format, gatedDestination().out, { ...OPTIONS, separator: 'comma' });
      const waiting = stuck.writeRows(manyRows, abort.signal);
      abort.abort(new Error('the client went away'));
      await expect(waiting).rejects.toThrow();
    },
  );
});
