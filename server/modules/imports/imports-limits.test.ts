import { IMPORT_MAX_ROWS } from '@core/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../test/test-app';
import { buildOneCellXlsx } from './import-files.test-support';
import { IMPORT_MAX_COLUMNS } from './imports.parse';

/*
 * Files no import may hold, and files read while others use the server: the file is read in a
 * worker thread that stops at the first row past the limit, so a file of 400,000 rows (or an XLSX
 * of 150,000) is refused without the server's event loop stopping for it, and one company reads
 * one file at a time.
 */

const t = await createTestApp();
afterAll(() => t.close());

type Member = TestUser & { companyId: string };
const admin: Member = await t.createMember({ role: 'admin', name: 'Ingrid Import' });
const neighbour: Member = await t.createMember({ role: 'admin', name: 'Nils Naboen' });

function upload(as: Member, name: string, content: string | Uint8Array): Promise<Response> {
  const form = new FormData();
  form.set('kind', 'customers');
  form.set('file', new File([content], name));
  return t.request('/api/v1/imports', { method: 'POST', as, body: form });
}

/** A customers CSV of `rows` data rows (about 20 bytes each). */
function customersCsv(rows: number): string {
  const lines = ['Name,City'];
  for (let i = 0; i < rows; i++) lines.push(`Kunde ${i} AS,Bergen`);
  return lines.join('\n');
}

/**
 * Sends `start()` and, until it is answered, asks /api/health again and again: how many health
 * checks were answered meanwhile. A file read on the event loop lets none through while it is read.
 */
async function countAnswersMeanwhile(start: () => Promise<Response>): Promise<{ response: Response; answered: number }> {
  let done = false;
  const pending = start().finally(() => (done = true));
  let answered = 0;
  while (!done) {
    const health = await t.request('/api/health');
    if (health.ok) answered++;
    // In-process requests can resolve in microtasks alone: let the event loop's other work run,
    // as the sockets of a real server would.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { response: await pending, answered };
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string; details?: Record<string, string> } }).error;
}

describe('import limits', () => {
  it(`refuses a CSV of 400,000 rows at the first row past ${IMPORT_MAX_ROWS}, answering others meanwhile`, async () => {
    const { response, answered } = await countAnswersMeanwhile(() => upload(admin, 'kunder.csv', customersCsv(400_000)));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.message).toBe(`The file has more than ${IMPORT_MAX_ROWS} rows; at most ${IMPORT_MAX_ROWS} can be imported at once.`);
    expect(error.details).toEqual({ file: 'Too many rows' });
    // Read on the event loop (before), 2 health checks got through while the file was read; read in
    // the worker, about 2,000.
    expect(answered).toBeGreaterThanOrEqual(250);
  });

  it('refuses an XLSX of 150,000 one-cell rows the same way', async () => {
    const bomb = await buildOneCellXlsx('Name', 150_000, (i) => `Kunde ${i}`);
    const { response, answered } = await countAnswersMeanwhile(() => upload(admin, 'kunder.xlsx', bomb));
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.message).toBe(`The file has more than ${IMPORT_MAX_ROWS} rows; at most ${IMPORT_MAX_ROWS} can be imported at once.`);
    expect(error.details).toEqual({ file: 'Too many rows' });
    // exceljs unzipped the whole file between turns of the event loop (113 answers before; 2,400 now).
    expect(answered).toBeGreaterThanOrEqual(250);
  });

  it(`refuses a row of more than ${IMPORT_MAX_COLUMNS} columns`, async () => {
    const header = Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `Column ${i + 1}`).join(',');
    const response = await upload(admin, 'wide.csv', `${header}\n${header.replaceAll('Column', 'Value')}`);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).details).toEqual({ file: 'Too many columns' });
  });

  it('reads one file of a company at a time: a second upload meanwhile is refused with 429, another company’s is not', async () => {
    const first = upload(admin, 'kunder.csv', customersCsv(IMPORT_MAX_ROWS));
    let settled = false;
    void first.finally(() => (settled = true));
    const refusals: string[] = [];
    let neighbourAnswered = 0;
    while (!settled) {
      const second = await upload(admin, 'flere.csv', customersCsv(2));
      if (second.status === 429) refusals.push((await errorOf(second)).code);
      else expect(second.status).toBe(201);
      // Another company reads its file beside it.
      if ((await upload(neighbour, 'naboer.csv', customersCsv(2))).status === 201) neighbourAnswered++;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await first).status).toBe(201);
    expect(refusals.length).toBeGreaterThan(0);
    expect(new Set(refusals)).toEqual(new Set(['too_many_imports']));
    expect(neighbourAnswered).toBeGreaterThan(0);
    // Once it is read, the next upload is taken.
    expect((await upload(admin, 'flere.csv', customersCsv(2))).status).toBe(201);
  });
});
