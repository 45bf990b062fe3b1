import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILT_IN_KPI_TYPES, type Activity, type ActivityType, type ActivityTypeList, type ApiError } from '@core/contracts';
import { BUILT_IN_KPI_TYPE_SHAPES } from '@core/kpi-formulas';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { findMisnamedActivities } from '../activities/activities.test-support';

/*
 * The five built-in kinds as type rows (decision 114), on both engines: a company is made with
 * them, as the KPIs see the kinds; every write names an activity's row and a call's outcome; and
 * the rows are not the company's own types: not listed, logged, edited, archived or deleted as one.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

type StoredRow = {
  id: string;
  key: string;
  names: unknown;
  outcomes: { id: string; names: unknown }[];
  fields: { id: string; names: unknown; kind: string }[];
};

async function builtInRows(companyId: string): Promise<StoredRow[]> {
  return withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`
      SELECT id::text, key, names, outcomes, fields FROM activity_types
       WHERE company_id = ${companyId} AND key IN ('call', 'meeting', 'sale', 'email', 'linkedin') ORDER BY position`);
    return (result as unknown as { rows: StoredRow[] }).rows;
  });
}

async function stored(companyId: string, id: string) {
  return withTenant(t.db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`
      SELECT k.key, a.outcome_id FROM activities a JOIN activity_types k ON k.company_id = a.company_id AND k.id = a.type_id
       WHERE a.company_id = ${companyId} AND a.id = ${id}`);
    return (result as unknown as { rows: { key: string; outcome_id: string | null }[] }).rows[0];
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin' });
  rep = await t.createMember({ companyId: admin.companyId });
});
afterAll(() => t.close());

it('makes a company with a row for each built-in kind, as the KPIs see the kinds', async () => {
  const rows = await builtInRows(admin.companyId);
  expect(rows.map((row) => row.key)).toEqual([...BUILT_IN_KPI_TYPES]);
  for (const row of rows) {
    const shape = BUILT_IN_KPI_TYPE_SHAPES[row.key as keyof typeof BUILT_IN_KPI_TYPE_SHAPES];
    expect({ key: row.key, names: row.names }).toEqual({ key: row.key, names: shape.names });
    expect(row.outcomes.map(({ id, names }) => ({ id, names }))).toEqual(shape.outcomes);
    expect(row.fields.map(({ id, names, kind }) => ({ id, names, kind }))).toEqual(
      shape.fields.map(({ id, names, kind }) => ({ id, names, kind })),
    );
  }
  // Each company its own rows.
  const other = await t.createMember({ role: 'admin' });
  const theirs = await builtInRows(other.companyId);
  expect(theirs.map((row) => row.key)).toEqual([...BUILT_IN_KPI_TYPES]);
  expect(theirs.some((row) => rows.some((mine) => mine.id === row.id))).toBe(false);
});

it("names every logged or edited activity's kind and a call's outcome, and the API still says it is no own type", async () => {
  const log = async (json: Record<string, unknown>) =>
    ok<Activity>(await t.request('/api/v1/activities', { method: 'POST', as: rep, json }), 201);
  const call = await log({ kind: 'call', answered: true, outcome: 'moved_forward' });
  expect(await stored(rep.companyId, call.id)).toEqual({ key: 'call', outcome_id: 'moved_forward' });
  expect({ typeId: call.typeId, outcomeId: call.outcomeId, outcome: call.outcome }).toEqual({
    typeId: null,
    outcomeId: null,
    outcome: 'moved_forward',
  });
  expect(await stored(rep.companyId, (await log({ kind: 'call', answered: false })).id)).toEqual({
    key: 'call',
    outcome_id: 'not_answered',
  });
  expect(await stored(rep.companyId, (await log({ kind: 'sale', ticketSize: 1_250_000 })).id)).toEqual({ key: 'sale', outcome_id: null });
  expect(await stored(rep.companyId, (await log({ kind: 'meeting' })).id)).toEqual({ key: 'meeting', outcome_id: null });

  // An edit that changes the kind or the outcome names the new ones.
  const edit = async (id: string, json: Record<string, unknown>) =>
    ok<Activity>(await t.request(`/api/v1/activities/${id}`, { method: 'PATCH', as: rep, json }));
  await edit(call.id, { outcome: 'meeting_booked' });
  expect(await stored(rep.companyId, call.id)).toEqual({ key: 'call', outcome_id: 'meeting_booked' });
  await edit(call.id, { type: 'call_unanswered' });
  expect(await stored(rep.companyId, call.id)).toEqual({ key: 'call', outcome_id: 'not_answered' });
  await edit(call.id, { type: 'meeting' });
  expect(await stored(rep.companyId, call.id)).toEqual({ key: 'meeting', outcome_id: null });
  expect(await findMisnamedActivities(t, rep.companyId)).toEqual([]);
});

it('keeps the rows out of the own types: not listed, logged, changed, archived or deleted as one', async () => {
  const [callRow] = await builtInRows(admin.companyId);
  const list = await ok<ActivityTypeList>(await t.request('/api/v1/activity-types', { as: admin }));
  expect(list.types.map((type: ActivityType) => type.id)).not.toContain(callRow!.id);

  const logged = await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'custom', typeId: callRow!.id } });
  expect(logged.status).toBe(404);
  const definition = { names: { en: 'Dial' }, icon: 'phone', colour: 'blue', points: 1, outcomes: [], fields: [], bonus: null };
  for (const [method, path, json] of [
    ['PUT', `/api/v1/activity-types/${callRow!.id}`, definition],
    ['POST', `/api/v1/activity-types/${callRow!.id}/archive`, undefined],
    ['DELETE', `/api/v1/activity-types/${callRow!.id}`, undefined],
  ] as const) {
    const response = await t.request(path, { method, as: admin, ...(json ? { json } : {}) });
    expect({ method, status: response.status, error: ((await response.json()) as ApiError).error.code }).toEqual({
      method,
      status: 404,
      error: 'not_found',
    });
  }
  expect((await builtInRows(admin.companyId))[0]).toEqual(callRow);
});
