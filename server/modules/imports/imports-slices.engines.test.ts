import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogPage, ImportPreview, ImportSummary } from '@core/contracts';
import { sql } from 'drizzle-orm';
import { toCompanyId, withInstance } from '../../db/tenant';
import { createTestApp, type TestUser } from '../../test/test-app';
import { findRollupDriftIn } from '../activities/activities.service';
import { findImportsAtWork } from './imports.repository';
import { IMPORT_SLICE_ROWS, IMPORT_WORK_LEASE_MS } from './imports.slices';

/*
 * An allowed import written and undone a slice at a time (decision 084), on a real database (PGlite,
 * or PostgreSQL with TEST_DATABASE_URL): others are answered between the slices and the history says
 * how far it has come; a commit that fails half-way is taken back whole; a commit or an undo whose
 * server stopped half-way is finished by the import worker once its lease has passed. A failure
 * half-way is made the way the database would give one: a trigger that refuses one marked row.
 */

/** Tuesday 24 November 2026, 14:00 in Oslo. */
const NOW = new Date('2026-11-24T13:00:00Z');
let clock = NOW;
const t = await createTestApp({ now: () => clock });
afterAll(() => t.close());

type Member = TestUser & { companyId: string };
const admin: Member = await t.createMember({ role: 'admin', name: 'Åse Admin' });
const company = admin.companyId;
const rep: Member = await t.createMember({
  companyId: company,
  name: 'Øyvind Selger',
  email: `oyvind-${crypto.randomUUID().slice(0, 6)}@example.com`,
});

const DAYS = ['16.11.2026', '17.11.2026', '18.11.2026', '19.11.2026', '20.11.2026'];
const PER_DAY = 250;
const ROWS = 2 * DAYS.length * PER_DAY;

/**
 * 2,500 calls: two members, five days, 250 a day, so three slices of whole (member, day) pairs. A
 * note can mark the first row of a member's day (the triggers below refuse marked rows).
 */
function callsFile(marks: { email: string; day: string; note: string }[] = []): string {
  const lines = ['Dato;Tid;E-post;Aktivitet;Notat'];
  for (const email of [admin.email, rep.email]) {
    for (const day of DAYS) {
      for (let i = 0; i < PER_DAY; i += 1) {
        const mark = i === 0 ? marks.find((m) => m.email === email && m.day === day) : undefined;
        const time = `${String(8 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`;
        lines.push(`${day};${time};${email};${i % 2 === 0 ? 'Samtale besvart' : 'Ubesvart'};${mark?.note ?? ''}`);
      }
    }
  }
  return lines.join('\n');
}

async function json<T>(response: Response, status = 200): Promise<T> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return JSON.parse(body) as T;
}

async function uploadCalls(content: string): Promise<ImportPreview> {
  const form = new FormData();
  form.set('kind', 'activities');
  form.set('file', new File([content], 'samtaler.csv'));
  const preview = await json<ImportPreview>(await t.request('/api/v1/imports', { method: 'POST', as: admin, body: form }), 201);
  expect(preview).toMatchObject({ rowCount: ROWS, validCount: ROWS });
  return preview;
}

const commit = (preview: ImportPreview) =>
  t.request(`/api/v1/imports/${preview.id}/commit`, { method: 'POST', as: admin, json: { mapping: preview.mapping } });

const historyOf = async (id: string) =>
  (await json<{ imports: ImportSummary[] }>(await t.request('/api/v1/imports', { as: admin }))).imports.find((i) => i.id === id);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const inCompany = <T>(fn: (tx: Parameters<Parameters<typeof withInstance>[2]>[0]) => Promise<T>) =>
  withInstance(t.db, { companyId: toCompanyId(company), userId: admin.id }, fn);

const importedRows = async (id: string) =>
  inCompany(
    async (tx) =>
      rowsOf<{ n: number }>(await tx.execute(sql`SELECT count(*)::int AS n FROM activities WHERE import_id = ${id}::uuid`))[0]!.n,
  );

const drift = () => inCompany((tx) => findRollupDriftIn(tx, toCompanyId(company)));

/** A database that refuses, on insert or delete, an activity with this note (as the database's owner: not the app's doing). */
async function refuseMarkedRows(op: 'INSERT' | 'DELETE', note: string): Promise<void> {
  const row = op === 'INSERT' ? 'NEW' : 'OLD';
  await t.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_refuse_${op.toLowerCase()}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
  );
  await t.db.execute(
    sql.raw(`CREATE TRIGGER test_refuse_${op.toLowerCase()} BEFORE ${op} ON activities FOR EACH ROW
      WHEN (${row}.notes = '${note}') EXECUTE FUNCTION test_refuse_${op.toLowerCase()}()`),
  );
}

afterEach(async () => {
  clock = NOW;
  await t.db.execute(sql.raw('DROP TRIGGER IF EXISTS test_refuse_insert ON activities'));
  await t.db.execute(sql.raw('DROP TRIGGER IF EXISTS test_refuse_delete ON activities'));
  await t.db.execute(sql.raw('DROP TRIGGER IF EXISTS test_take_over ON imports'));
});

describe('an import written a slice at a time', () => {
  it('answers others between the slices, and the history says how far the commit has come', async () => {
    expect(ROWS).toBeGreaterThan(2 * IMPORT_SLICE_ROWS);
    const preview = await uploadCalls(callsFile());
    const committing = commit(preview);
    let done = false;
    void committing.finally(() => (done = true));
    // Asked while the commit runs: every answer comes before the commit's end, and some say where it is.
    const seen: { status: string; importedCount: number }[] = [];
    while (!done) {
      // A request arrives as the network brings it, in a turn of its own (not in the same microtask queue).
      await new Promise((resolve) => setTimeout(resolve, 5));
      const item = await historyOf(preview.id);
      if (item && !done) seen.push({ status: item.status, importedCount: item.importedCount });
    }
    const summary = await json<ImportSummary>(await committing);
    expect(summary).toMatchObject({ status: 'committed', importedCount: ROWS });
    const partway = seen.filter((s) => s.status === 'committing' && s.importedCount > 0 && s.importedCount < ROWS);
    expect(partway.length, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(await importedRows(preview.id)).toBe(ROWS);
    expect(await drift()).toBe(0);

    const undone = await json<ImportSummary>(await t.request(`/api/v1/imports/${preview.id}/undo`, { method: 'POST', as: admin }));
    expect(undone).toMatchObject({ status: 'undone' });
    expect(await importedRows(preview.id)).toBe(0);
    expect(await drift()).toBe(0);
  });

  it('takes a commit that fails half-way back whole; the preview can be committed again', async () => {
    const preview = await uploadCalls(callsFile([{ email: rep.email, day: DAYS[4]!, note: 'refuse' }]));
    await refuseMarkedRows('INSERT', 'refuse');
    const failed = await commit(preview);
    expect(failed.status).toBe(500);
    expect(await importedRows(preview.id)).toBe(0);
    expect(await drift()).toBe(0);
    // Not an import: the history does not list it, and it is a preview again.
    expect(await historyOf(preview.id)).toBeUndefined();

    await t.db.execute(sql.raw('DROP TRIGGER test_refuse_insert ON activities'));
    expect(await json<ImportSummary>(await commit(preview))).toMatchObject({ status: 'committed', importedCount: ROWS });
    expect(await drift()).toBe(0);

    // An import committed before its days were kept (decision 084) is undone the same way.
    // (As the tables' owner inside the company's scope: the tables force row-level security.)
    const cleared = await inCompany((tx) => tx.execute(sql`UPDATE imports SET days = NULL WHERE id = ${preview.id}::uuid RETURNING id`));
    expect(rowsOf(cleared)).toHaveLength(1);
    expect(await json<ImportSummary>(await t.request(`/api/v1/imports/${preview.id}/undo`, { method: 'POST', as: admin }))).toMatchObject({
      status: 'undone',
    });
    expect(await importedRows(preview.id)).toBe(0);
    expect(await drift()).toBe(0);
  });

  it('finishes an undo whose server stopped half-way, once its lease has passed (the import worker)', async () => {
    const preview = await uploadCalls(callsFile([{ email: rep.email, day: DAYS[4]!, note: 'keep' }]));
    await json(await commit(preview));
    await refuseMarkedRows('DELETE', 'keep');
    expect((await t.request(`/api/v1/imports/${preview.id}/undo`, { method: 'POST', as: admin })).status).toBe(500);
    const left = await importedRows(preview.id);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(ROWS);
    expect(await drift()).toBe(0);
    expect(await historyOf(preview.id)).toMatchObject({ status: 'undoing', canUndo: false });
    await t.db.execute(sql.raw('DROP TRIGGER test_refuse_delete ON activities'));

    // Within the lease, the undo may still be going on elsewhere: the worker leaves it.
    expect(await t.deps.imports.runDue()).toBe(0);
    clock = new Date(NOW.getTime() + IMPORT_WORK_LEASE_MS + 1000);
    expect(await t.deps.imports.runDue()).toBe(1);
    expect(await historyOf(preview.id)).toMatchObject({ status: 'undone' });
    expect(await importedRows(preview.id)).toBe(0);
    expect(await drift()).toBe(0);
    const audit = await json<AuditLogPage>(await t.request('/api/v1/admin/audit-log', { as: admin }));
    expect(audit.entries.find((e) => e.target?.id === preview.id && e.action === 'import.undone')).toMatchObject({
      actor: { name: 'Åse Admin' },
    });
  });

  it('takes back a commit whose server stopped half-way, once its lease has passed (the import worker)', async () => {
    // The commit fails at its second slice, and taking it back fails at its first: as if the server had stopped.
    const preview = await uploadCalls(
      callsFile([
        { email: rep.email, day: DAYS[4]!, note: 'refuse' },
        { email: admin.email, day: DAYS[0]!, note: 'keep' },
        { email: rep.email, day: DAYS[0]!, note: 'keep' },
      ]),
    );
    await refuseMarkedRows('INSERT', 'refuse');
    await refuseMarkedRows('DELETE', 'keep');
    const woken = vi.spyOn(t.deps.imports, 'wake');
    expect((await commit(preview)).status).toBe(500);
    expect(await importedRows(preview.id)).toBeGreaterThan(0);
    expect(await drift()).toBe(0);
    expect(await historyOf(preview.id)).toMatchObject({ status: 'committing', canUndo: false });
    // The commit's start is announced (migration 0050): every instance's worker looks, and then
    // sleeps until a second after the lease it saw ends (decision 098), not every five minutes.
    await vi.waitFor(() => expect(woken).toHaveBeenCalled());
    woken.mockRestore();
    const atWork = await findImportsAtWork(t.db, clock);
    expect(atWork.interrupted).toEqual([]);
    expect(atWork.nextLeaseEndsAt?.getTime()).toBe(clock.getTime() + IMPORT_WORK_LEASE_MS);
    // Meanwhile the admin cannot commit it a second time.
    expect((await commit(preview)).status).toBe(409);
    await t.db.execute(sql.raw('DROP TRIGGER test_refuse_insert ON activities'));
    await t.db.execute(sql.raw('DROP TRIGGER test_refuse_delete ON activities'));

    clock = new Date(NOW.getTime() + IMPORT_WORK_LEASE_MS + 1000);
    expect(await t.deps.imports.runDue()).toBe(1);
    expect(await importedRows(preview.id)).toBe(0);
    expect(await drift()).toBe(0);
    expect(await historyOf(preview.id)).toBeUndefined();
    expect(await json<ImportSummary>(await commit(preview))).toMatchObject({ status: 'committed', importedCount: ROWS });
    expect(await drift()).toBe(0);
  });

  it('undoes an imported activity an admin has since moved to another day, with the rest', async () => {
    const preview = await uploadCalls(callsFile());
    await json(await commit(preview));
    const [moved] = await inCompany(async (tx) =>
      rowsOf<{ id: string }>(await tx.execute(sql`SELECT id FROM activities WHERE import_id = ${preview.id}::uuid LIMIT 1`)),
    );
    await json(await t.request(`/api/v1/activities/${moved!.id}`, { method: 'PATCH', as: admin, json: { localDate: '2026-11-10' } }));
    expect(await drift()).toBe(0);
    await json(await t.request(`/api/v1/imports/${preview.id}/undo`, { method: 'POST', as: admin }));
    expect(await importedRows(preview.id)).toBe(0);
    expect(await drift()).toBe(0);
  });

  it('stops a commit whose lease another server took over, and the worker takes it back', async () => {
    const preview = await uploadCalls(callsFile());
    // Once the commit's first slice is written, its lease is made to have passed (a commit stalled for
    // minutes, taken over by another server): the database, as its owner, moves the end of the lease the
    // slice has just renewed into the past. At a moment the test picks rather than a race with its polling,
    // which a busy machine's commit once won by finishing before the test looked.
    await t.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_take_over() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN NEW.working_until := '${new Date(NOW.getTime() - 1000).toISOString()}'::timestamptz; RETURN NEW; END $$`),
    );
    await t.db.execute(
      sql.raw(`CREATE TRIGGER test_take_over BEFORE UPDATE ON imports FOR EACH ROW
        WHEN (NEW.id = '${preview.id}' AND NEW.status = 'committing' AND NEW.imported_count > 0) EXECUTE FUNCTION test_take_over()`),
    );
    const stopped = await commit(preview);
    await t.db.execute(sql.raw('DROP TRIGGER test_take_over ON imports'));
    expect(stopped.status).toBe(409);
    expect(((await stopped.json()) as { error: { code: string } }).error.code).toBe('import_interrupted');
    // Stopped after its first slice: some rows written, not all.
    const item = await historyOf(preview.id);
    expect(item).toMatchObject({ status: 'committing' });
    expect(item!.importedCount).toBeGreaterThan(0);
    expect(item!.importedCount).toBeLessThan(ROWS);
    // Meanwhile the import cannot be undone either.
    const undo = await t.request(`/api/v1/imports/${preview.id}/undo`, { method: 'POST', as: admin });
    expect(undo.status).toBe(409);
    expect(((await undo.json()) as { error: { code: string } }).error.code).toBe('import_in_progress');
    expect(await drift()).toBe(0);

    expect(await t.deps.imports.runDue()).toBe(1);
    expect(await importedRows(preview.id)).toBe(0);
    expect(await drift()).toBe(0);
    expect(await json<ImportSummary>(await commit(preview))).toMatchObject({ status: 'committed', importedCount: ROWS });
    await json(await t.request(`/api/v1/imports/${preview.id}/undo`, { method: 'POST', as: admin }));
  });
});
