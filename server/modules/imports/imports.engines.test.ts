import { afterAll, describe, expect, it } from 'vitest';
import type { Activity, ImportPreview, ImportSummary, AuditLogPage } from '@core/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { toCompanyId, withInstance } from '../../db/tenant';
import { createTestApp, type TestUser } from '../../test/test-app';
import { findRollupDriftIn } from '../activities/activities.service';

/*
 * Spreadsheet imports over HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * every bad row's reason before anything is written, the proposed and a changed mapping, a
 * Norwegian CSV (';', BOM, decimal commas, æøå), an XLSX with real date cells, points as logging
 * gives them, the rollup equal to a recount after a commit and after an undo, tombstones for the
 * sync feed, who may do what, and customers with duplicate names.
 */

/** Tuesday 24 November 2026, 14:00 in Oslo. */
const NOW = new Date('2026-11-24T13:00:00Z');
const t = await createTestApp({ now: () => NOW });
afterAll(() => t.close());

type Member = TestUser & { companyId: string };

const admin: Member = await t.createMember({ role: 'admin', name: 'Åse Admin' });
const company = admin.companyId;
const rep: Member = await t.createMember({
  companyId: company,
  name: 'Øyvind Selger',
  email: `oyvind-${crypto.randomUUID().slice(0, 6)}@example.com`,
});
const other: Member = await t.createMember({ role: 'admin', name: 'Other Admin' });

async function upload(as: Member, kind: 'activities' | 'customers', name: string, content: string | Uint8Array): Promise<Response> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new File([content], name));
  return t.request('/api/v1/imports', { method: 'POST', as, body: form });
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return JSON.parse(body) as T;
}

async function inCompany<T>(companyId: string, fn: (tx: Parameters<Parameters<typeof withInstance>[2]>[0]) => Promise<T>): Promise<T> {
  return withInstance(t.db, { companyId: toCompanyId(companyId), userId: admin.id }, fn);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function activitiesOfImport(importId: string) {
  return inCompany(company, async (tx) =>
    rowsOf<{
      type: string;
      points_earned: number;
      ticket_size: string | number | null;
      local_date: string;
      notes: string | null;
      customer_name: string | null;
      daily_bonus: boolean;
      created_at: Date | string;
    }>(
      await tx.execute(sql`SELECT type, points_earned, ticket_size, local_date::text AS local_date, notes, customer_name, daily_bonus, created_at
                             FROM activities WHERE import_id = ${importId}::uuid ORDER BY created_at, id`),
    ),
  );
}

const drift = () => inCompany(company, (tx) => findRollupDriftIn(tx, toCompanyId(company)));

// A file as Excel set to Norwegian saves it: BOM, ';' between fields, decimal commas, Norwegian headers.
const NORWEGIAN_CSV =
  '\ufeffDato;Tid;E-post;Aktivitet;Utfall;Kunde;Verdi;Produkt;Notat\n' +
  `24.11.2026;09:15;${rep.email.toUpperCase()};Salg;;Blåbær Ørsta AS;12 500,50;Årsavtale;Første salg – «bra»\n` +
  `23.11.2026;10:00;${rep.email};Samtale besvart;Møte booket;Blåbær Ørsta AS;;;\n` +
  `2026-11-20;;${admin.email};Ubesvart;;;;;\n` +
  `24.11.2026;08:00;nobody@example.com;Salg;;;100;;\n` + // unknown member
  `24.11.2026;08:00;${rep.email};Telefaks;;;;;\n` + // unknown type
  `24.11.2026;08:00;${rep.email};Møte;Møte booket;;;;\n` + // outcome on a meeting
  `25.11.2026;08:00;${rep.email};Salg;;;100;;\n` + // tomorrow
  `01.01.2020;08:00;${rep.email};Salg;;;100;;\n` + // too old
  `24.11.2026;08:00;${rep.email};Salg;;;hundre;;\n` + // not a number
  `24.11.2026;25:99;${rep.email};Salg;;;100;;\n`; // not a time

describe('activities import', () => {
  let preview: ImportPreview;

  it('proposes the mapping from Norwegian headers and checks every row, with reasons, before writing anything', async () => {
    preview = await json<ImportPreview>(await upload(admin, 'activities', 'aktiviteter.csv', NORWEGIAN_CSV), 201);
    expect(preview.columns).toEqual(['Dato', 'Tid', 'E-post', 'Aktivitet', 'Utfall', 'Kunde', 'Verdi', 'Produkt', 'Notat']);
    expect(preview.mapping).toEqual({ date: 0, time: 1, email: 2, type: 3, outcome: 4, customer: 5, value: 6, product: 7, notes: 8 });
    expect(preview).toMatchObject({ rowCount: 10, validCount: 3, failingCount: 7 });
    const reasons = Object.fromEntries(preview.failures.map((row) => [row.row, row.issues.map((i) => `${i.field}:${i.code}`)]));
    expect(reasons).toEqual({
      5: ['email:unknown_member'],
      6: ['type:unknown_type'],
      7: ['outcome:outcome_not_allowed'],
      8: ['date:date_in_future'],
      9: ['date:date_too_old'],
      10: ['value:bad_value'],
      11: ['time:bad_time'],
    });
    expect(preview.sample[0]!.cells[5]).toBe('Blåbær Ørsta AS');
    expect(await drift()).toBe(0);
    const history = await json<{ imports: ImportSummary[] }>(await t.request('/api/v1/imports', { as: admin }));
    // A file being checked is not an import yet: the history does not list it.
    expect(history.imports.map((i) => i.id)).not.toContain(preview.id);
  });

  it('checks the rows again with a changed mapping', async () => {
    const unmapped = await json<ImportPreview>(
      await t.request(`/api/v1/imports/${preview.id}/validate`, {
        method: 'POST',
        as: admin,
        json: { mapping: { ...preview.mapping, email: null } },
      }),
    );
    expect(unmapped.validCount).toBe(0);
    expect(unmapped.failures[0]!.issues.map((i) => i.code)).toContain('required');
    const back = await json<ImportPreview>(
      await t.request(`/api/v1/imports/${preview.id}/validate`, { method: 'POST', as: admin, json: { mapping: preview.mapping } }),
    );
    expect(back.validCount).toBe(3);
  });

  it('refuses a commit while rows fail, unless told to skip them; then writes the valid rows with the points logging gives', async () => {
    const refused = await t.request(`/api/v1/imports/${preview.id}/commit`, {
      method: 'POST',
      as: admin,
      json: { mapping: preview.mapping },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rows_failing');
    expect(await activitiesOfImport(preview.id)).toEqual([]);

    const done = await json<ImportSummary>(
      await t.request(`/api/v1/imports/${preview.id}/commit`, {
        method: 'POST',
        as: admin,
        json: { mapping: preview.mapping, skipFailing: true },
      }),
    );
    expect(done).toMatchObject({ status: 'committed', importedCount: 3, rowCount: 10, canUndo: true });

    const rows = await activitiesOfImport(preview.id);
    expect(rows.map((r) => [r.local_date, r.type])).toEqual([
      ['2026-11-20', 'call_unanswered'],
      ['2026-11-23', 'call_answered'],
      ['2026-11-24', 'sale'],
    ]);
    const sale = rows[2]!;
    expect(Number(sale.ticket_size)).toBe(1_250_050);
    expect(sale.notes).toBe('Første salg – «bra»');
    expect(sale.customer_name).toBe('Blåbær Ørsta AS');
    // 09:15 in Oslo is 08:15 UTC.
    expect(new Date(sale.created_at).toISOString()).toBe('2026-11-24T08:15:00.000Z');

    // The same activities logged in the app earn the same points.
    const loggedSale = await json<Activity>(
      await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'sale', ticketSize: 1_250_050 } }),
      201,
    );
    const loggedCall = await json<Activity>(
      await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'call', answered: true, outcome: 'meeting_booked' } }),
      201,
    );
    expect(sale.points_earned).toBe(loggedSale.pointsEarned);
    expect(rows[1]!.points_earned).toBe(loggedCall.pointsEarned);
    expect(await drift()).toBe(0);

    const again = await t.request(`/api/v1/imports/${preview.id}/commit`, {
      method: 'POST',
      as: admin,
      json: { mapping: preview.mapping, skipFailing: true },
    });
    expect(again.status).toBe(409);
  });

  it('gives the daily bonus once, to the call that reaches 20, and the rollup equals a recount', async () => {
    const lines = ['date,time,email,type'];
    for (let i = 0; i < 25; i += 1)
      lines.push(`2026-11-10,${String(8 + Math.floor(i / 6)).padStart(2, '0')}:${String((i % 6) * 10).padStart(2, '0')},${rep.email},call`);
    const p = await json<ImportPreview>(await upload(admin, 'activities', 'calls.csv', lines.join('\r\n')), 201);
    expect(p.failingCount).toBe(0);
    await json(await t.request(`/api/v1/imports/${p.id}/commit`, { method: 'POST', as: admin, json: { mapping: p.mapping } }));
    const rows = await activitiesOfImport(p.id);
    expect(rows.filter((r) => r.daily_bonus)).toHaveLength(1);
    expect(rows.findIndex((r) => r.daily_bonus)).toBe(19);
    expect(await drift()).toBe(0);
  });

  it('undoes an import as a whole: activities gone, tombstones for the sync feed, rollup exact, audit entries', async () => {
    const before = await inCompany(company, async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM deleted_activities WHERE company_id = ${company}::uuid`)),
    );
    const undone = await json<ImportSummary>(await t.request(`/api/v1/imports/${preview.id}/undo`, { method: 'POST', as: admin }));
    expect(undone).toMatchObject({ status: 'undone', canUndo: false });
    expect(await activitiesOfImport(preview.id)).toEqual([]);
    const after = await inCompany(company, async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM deleted_activities WHERE company_id = ${company}::uuid`)),
    );
    expect(after[0]!.n - before[0]!.n).toBe(3);
    expect(await drift()).toBe(0);
    // The day only the import had (20 November, the admin's) has no rollup row any more.
    const days = await inCompany(company, async (tx) =>
      rowsOf<{ n: number }>(
        await tx.execute(sql`SELECT count(*)::int AS n FROM daily_user_stats WHERE company_id = ${company}::uuid AND day = '2026-11-20'`),
      ),
    );
    expect(days[0]!.n).toBe(0);

    expect((await t.request(`/api/v1/imports/${preview.id}/undo`, { method: 'POST', as: admin })).status).toBe(409);
    const audit = await json<AuditLogPage>(await t.request('/api/v1/admin/audit-log', { as: admin }));
    const actions = audit.entries.map((e) => e.action);
    expect(actions).toContain('import.committed');
    expect(actions).toContain('import.undone');
    const history = await json<{ imports: ImportSummary[] }>(await t.request('/api/v1/imports', { as: admin }));
    expect(history.imports.find((i) => i.id === preview.id)).toMatchObject({ status: 'undone', createdBy: { name: 'Åse Admin' } });
  });

  it('reads an XLSX file with real date cells and numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Ark1');
    sheet.addRow(['Date', 'Member email', 'Type', 'Outcome', 'Value']);
    sheet.addRow([new Date(Date.UTC(2026, 10, 2, 14, 30)), rep.email, 'Answered call', 'Moved forward', null]);
    sheet.addRow([new Date(Date.UTC(2026, 10, 3)), rep.email, 'Sale', null, 1999.9]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const p = await json<ImportPreview>(await upload(admin, 'activities', 'activities.xlsx', bytes), 201);
    expect(p.sample.map((row) => row.cells[0])).toEqual(['2026-11-02 14:30:00', '2026-11-03']);
    expect(p.failingCount).toBe(0);
    await json(await t.request(`/api/v1/imports/${p.id}/commit`, { method: 'POST', as: admin, json: { mapping: p.mapping } }));
    const rows = await activitiesOfImport(p.id);
    expect(rows.map((r) => [r.local_date, r.type, r.ticket_size === null ? null : Number(r.ticket_size)])).toEqual([
      ['2026-11-02', 'call_answered', null],
      ['2026-11-03', 'sale', 199_990],
    ]);
    expect(new Date(rows[0]!.created_at).toISOString()).toBe('2026-11-02T13:30:00.000Z');
    expect(await drift()).toBe(0);
  });

  it('refuses a file that is not a spreadsheet, and an upload that expired', async () => {
    expect((await upload(admin, 'activities', 'empty.csv', 'date,email\n')).status).toBe(400);
    expect((await upload(admin, 'activities', 'broken.xlsx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).status).toBe(400);
    // A NUL byte in a data row, far past the first slice of rows: refused, with where the fault is.
    const nul = [
      'date,email,type',
      ...Array.from({ length: 6000 }, () => `2026-11-24,${rep.email},call`),
      `2026-11-24,${rep.email},ca\u0000ll`,
    ];
    const refused = await json<{ error: { details: Record<string, string> } }>(
      await upload(admin, 'activities', 'nul.csv', nul.join('\n')),
      400,
    );
    expect(refused.error.details.file).toBe('Unstorable text');
    const p = await json<ImportPreview>(
      await upload(admin, 'activities', 'late.csv', `date,email,type\n2026-11-24,${rep.email},call\n`),
      201,
    );
    t.setNow(() => new Date(NOW.getTime() + 61 * 60_000));
    try {
      const late = await t.request(`/api/v1/imports/${p.id}/commit`, { method: 'POST', as: admin, json: { mapping: p.mapping } });
      expect(late.status).toBe(410);
    } finally {
      t.setNow(() => NOW);
    }
  });
});

describe('who may import', () => {
  it('refuses reps (403) and hides one company’s imports from another (404)', async () => {
    const p = await json<ImportPreview>(await upload(admin, 'activities', 'a.csv', `date,email,type\n2026-11-24,${rep.email},call\n`), 201);
    expect((await upload(rep, 'activities', 'a.csv', 'date,email,type\n2026-11-24,x@example.com,call\n')).status).toBe(403);
    expect((await t.request('/api/v1/imports', { as: rep })).status).toBe(403);
    expect((await t.request(`/api/v1/imports/${p.id}/commit`, { method: 'POST', as: rep, json: { mapping: p.mapping } })).status).toBe(403);
    for (const path of ['validate', 'commit', 'undo']) {
      const response = await t.request(`/api/v1/imports/${p.id}/${path}`, { method: 'POST', as: other, json: { mapping: p.mapping } });
      expect(response.status, path).toBe(404);
    }
    const theirs = await json<{ imports: ImportSummary[] }>(await t.request('/api/v1/imports', { as: other }));
    expect(theirs.imports).toEqual([]);
    // The other company's member e-mail addresses are unknown here.
    const foreign = await json<ImportPreview>(
      await upload(other, 'activities', 'b.csv', `date,email,type\n2026-11-24,${rep.email},call\n`),
      201,
    );
    expect(foreign.failures[0]!.issues[0]!.code).toBe('unknown_member');
  });
});

describe('the daily call bonus at a number the company set (decision 108)', () => {
  it('goes to the call that reaches it on import, and an undo gives it to the day’s latest call that still reaches it', async () => {
    // Its own company: the number changed here stays out of the other tests.
    const boss: Member = await t.createMember({ role: 'admin', name: 'Bodil Boss' });
    const seller: Member = await t.createMember({ companyId: boss.companyId, name: 'Sander Selger' });
    const ruleList = await json<{ rules: { id: string; kpiKey: string }[] }>(await t.request('/api/v1/kpi-rules', { as: boss }));
    const bonusRule = ruleList.rules.find((rule) => rule.kpiKey === 'daily_call_bonus_20')!;
    await json(await t.request(`/api/v1/kpi-rules/${bonusRule.id}`, { method: 'PATCH', as: boss, json: { threshold: 3 } }));
    const importCalls = async (times: string[]) => {
      const csv = ['date,time,email,type', ...times.map((time) => `2026-11-12,${time},${seller.email},call`)].join('\n');
      const p = await json<ImportPreview>(await upload(boss, 'activities', 'calls.csv', csv), 201);
      await json(await t.request(`/api/v1/imports/${p.id}/commit`, { method: 'POST', as: boss, json: { mapping: p.mapping } }));
      return p.id;
    };
    const bonusOfDay = () =>
      inCompany(boss.companyId, async (tx) =>
        rowsOf<{ created_at: Date | string; daily_bonus: boolean; bonus_points: number }>(
          await tx.execute(sql`SELECT created_at, daily_bonus, bonus_points FROM activities
                                WHERE user_id = ${seller.id} AND local_date = '2026-11-12' ORDER BY created_at`),
        ),
      );
    const first = await importCalls(['09:00', '09:10', '09:20']);
    await importCalls(['10:00', '10:10', '10:20']);
    expect((await bonusOfDay()).map((row) => row.daily_bonus)).toEqual([false, false, true, false, false, false]);

    // The first import undone: the day keeps 3 calls, the number, so its latest call takes the bonus.
    await json(await t.request(`/api/v1/imports/${first}/undo`, { method: 'POST', as: boss }));
    expect((await bonusOfDay()).map((row) => [row.daily_bonus, row.bonus_points])).toEqual([
      [false, 0],
      [false, 0],
      [true, 5],
    ]);
    expect(await inCompany(boss.companyId, (tx) => findRollupDriftIn(tx, toCompanyId(boss.companyId)))).toBe(0);
  });
});

describe('the day’s largest and smallest sale through an import and its undo (decision 109)', () => {
  it('takes the import’s sales in, and after the undo reads the day’s extremes again from the sale logged by hand', async () => {
    const boss: Member = await t.createMember({ role: 'admin', name: 'Berit Boss' });
    const seller: Member = await t.createMember({ companyId: boss.companyId, name: 'Sigurd Selger' });
    // Logged by hand on the day: 3 000 kr.
    const logged = await t.request('/api/v1/activities', { method: 'POST', as: seller, json: { kind: 'sale', ticketSize: 300_000 } });
    expect(logged.status).toBe(201);
    const day = ((await logged.json()) as Activity).localDate;
    const extremes = async () =>
      (
        await inCompany(boss.companyId, async (tx) =>
          rowsOf<{ sale_max: string | null; sale_min: string | null }>(
            await tx.execute(sql`SELECT sale_max::text AS sale_max, sale_min::text AS sale_min FROM daily_user_stats
                                  WHERE company_id = ${boss.companyId}::uuid AND user_id = ${seller.id} AND day = ${day}::date`),
          ),
        )
      )[0];
    // The import brings a larger and a smaller sale to the same day.
    const csv = ['date,email,type,value', `${day},${seller.email},sale,9000`, `${day},${seller.email},sale,2000`].join('\n');
    const p = await json<ImportPreview>(await upload(boss, 'activities', 'sales.csv', csv), 201);
    expect(p.failingCount).toBe(0);
    await json(await t.request(`/api/v1/imports/${p.id}/commit`, { method: 'POST', as: boss, json: { mapping: p.mapping } }));
    expect(await extremes()).toEqual({ sale_max: '900000', sale_min: '200000' });
    await json(await t.request(`/api/v1/imports/${p.id}/undo`, { method: 'POST', as: boss }));
    expect(await extremes()).toEqual({ sale_max: '300000', sale_min: '300000' });
    expect(await inCompany(boss.companyId, (tx) => findRollupDriftIn(tx, toCompanyId(boss.companyId)))).toBe(0);
  });
});

describe('customers import', () => {
  it('reports duplicate names (in the file and already there) and imports the rest', async () => {
    await json(await t.request('/api/v1/customers', { method: 'POST', as: admin, json: { name: 'Fjord AS' } }), 201);
    const csv = 'Navn;Domene;Segment\nFjord AS;fjord.no;SMB\nNordlys AS;nordlys.no;Enterprise\nnordlys as;;\nÆrlig Kaffe;;Startup\n';
    const p = await json<ImportPreview>(await upload(admin, 'customers', 'kunder.csv', csv), 201);
    expect(p.mapping).toEqual({ name: 0, domain: 1, segment: 2 });
    expect(p.failures.map((row) => [row.row, row.issues[0]!.code])).toEqual([
      [2, 'already_exists'],
      [4, 'duplicate_in_file'],
    ]);
    const done = await json<ImportSummary>(
      await t.request(`/api/v1/imports/${p.id}/commit`, { method: 'POST', as: admin, json: { mapping: p.mapping, skipFailing: true } }),
    );
    expect(done).toMatchObject({ importedCount: 2, canUndo: false });
    const list = await json<{ customers: { name: string; domain: string | null; segment: string | null }[] }>(
      await t.request('/api/v1/customers', { as: admin }),
    );
    expect(list.customers.map((c) => c.name)).toEqual(expect.arrayContaining(['Fjord AS', 'Nordlys AS', 'Ærlig Kaffe']));
    expect(list.customers.filter((c) => c.name.toLowerCase() === 'nordlys as')).toHaveLength(1);
    expect(list.customers.find((c) => c.name === 'Nordlys AS')).toMatchObject({ domain: 'nordlys.no', segment: 'Enterprise' });
  });
});
