import type {
  Activity,
  AuditLogPage,
  Customer,
  CustomerList,
  CustomerMergeResult,
  CustomerSuggestions,
  MyActivities,
} from '@core/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectRollupsExact, findStoredRollups, logActivity, tickingClock } from '../activities/activities.test-support';

/*
 * Admins rename, archive and merge customers (decision 041): archived ones leave the autocomplete
 * and keep their history; a merge moves every activity of one to the other, never another
 * company's, and leaves the rollups as they were.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;
type ErrorBody = { error: { code: string; message: string } };

let t: TestApp;
let admin: Member;
let rep: Member;
let other: Member; // the admin of another company

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin' });
  rep = await t.createMember({ companyId: admin.companyId, role: 'user' });
  other = await t.createMember({ role: 'admin' });
  t.setNow(tickingClock('2026-11-20T09:00:00Z'));
});
afterAll(() => t.close());

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function expectError(response: Response, status: number, code: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(((await response.json()) as ErrorBody).error.code).toBe(code);
}

const create = async (member: Member, name: string) =>
  ok<Customer>(await t.request('/api/v1/customers', { method: 'POST', as: member, json: { name } }), 201);
const change = (member: Member, id: string, json: unknown) => t.request(`/api/v1/customers/${id}`, { method: 'PATCH', as: member, json });
const merge = (member: Member, id: string, into: string) =>
  t.request(`/api/v1/customers/${id}/merge`, { method: 'POST', as: member, json: { into } });

async function list(member: Member, status = 'active', search = ''): Promise<Customer[]> {
  const query = `?status=${status}&search=${encodeURIComponent(search)}`;
  return (await ok<CustomerList>(await t.request(`/api/v1/customers${query}`, { as: member }))).customers;
}

async function suggest(member: Member, q: string): Promise<string[]> {
  const body = await ok<CustomerSuggestions>(await t.request(`/api/v1/customers/suggest?q=${encodeURIComponent(q)}`, { as: member }));
  return body.suggestions.map((s) => s.name);
}

describe('renaming', () => {
  it('an admin renames a customer; its activities show the new name; a taken name is a 409; reps may not', async () => {
    const typo = await create(rep, 'Acme Shiping');
    const logged = await logActivity(t, rep, { kind: 'meeting', customerName: 'Acme Shiping' });
    expect(logged.customerId).toBe(typo.id);
    await create(rep, 'Taken Name AS');

    expect((await change(rep, typo.id, { name: 'Acme Shipping' })).status).toBe(403);
    await expectError(await change(admin, typo.id, { name: 'taken name as' }), 409, 'customer_exists');
    await expectError(await change(admin, typo.id, {}), 400, 'invalid_input');
    await expectError(await change(other, typo.id, { name: 'Mine now' }), 404, 'not_found');

    const renamed = await ok<Customer>(await change(admin, typo.id, { name: '  Acme Shipping ' }));
    expect(renamed).toMatchObject({ id: typo.id, name: 'Acme Shipping', activityCount: 1, archivedAt: null });
    const mine = await ok<MyActivities>(await t.request('/api/v1/activities/mine', { as: rep }));
    expect(mine.activities.find((a) => a.id === logged.id)?.customerName).toBe('Acme Shipping');
    // Only the case changes: the same customer, allowed.
    expect((await ok<Customer>(await change(admin, typo.id, { name: 'ACME Shipping' }))).name).toBe('ACME Shipping');
  });
});

describe('archiving', () => {
  it('an archived customer leaves the autocomplete and the default list, keeps its history, and can be restored', async () => {
    const old = await create(rep, 'Oldco Archive');
    const logged = await logActivity(t, rep, { kind: 'meeting', customerName: 'Oldco Archive' });
    expect(await suggest(rep, 'Oldco')).toEqual(['Oldco Archive']);

    expect((await change(rep, old.id, { archived: true })).status).toBe(403);
    const archived = await ok<Customer>(await change(admin, old.id, { archived: true }));
    expect(archived.archivedAt).not.toBeNull();
    expect(await suggest(rep, 'Oldco')).toEqual([]);
    expect((await list(rep, 'active', 'Oldco')).map((c) => c.name)).toEqual([]);
    expect((await list(rep, 'archived', 'Oldco')).map((c) => [c.name, c.activityCount])).toEqual([['Oldco Archive', 1]]);
    expect((await list(rep, 'all', 'Oldco')).length).toBe(1);
    // The old activity still names it.
    const mine = await ok<MyActivities>(await t.request('/api/v1/activities/mine', { as: rep }));
    expect(mine.activities.find((a) => a.id === logged.id)?.customerName).toBe('Oldco Archive');
    // Its exact name is answered, marked archived (decision 086): the rep is told before logging.
    const exact = await ok<CustomerSuggestions>(await t.request('/api/v1/customers/suggest?q=oldco%20archive', { as: rep }));
    expect(exact.suggestions).toEqual([{ id: old.id, name: 'Oldco Archive', archived: true }]);
    // Typing the exact name still links to it (one customer per name), without bringing it back.
    const again = await logActivity(t, rep, { kind: 'meeting', customerName: 'oldco archive' });
    expect(again.customerId).toBe(old.id);
    expect(await suggest(rep, 'Oldco')).toEqual([]);
    // Admins see that reps still work with it.
    expect((await list(admin, 'archived', 'Oldco')).map((c) => [c.name, c.activityCount, c.activitiesSinceArchived])).toEqual([
      ['Oldco Archive', 2, 1],
    ]);

    const restored = await ok<Customer>(await change(admin, old.id, { archived: false }));
    expect(restored).toMatchObject({ archivedAt: null, activityCount: 2, activitiesSinceArchived: 0 });
    expect(await suggest(rep, 'Oldco')).toEqual(['Oldco Archive']);
  });

  it('writes renaming, archiving and restoring to the audit log, as merges are', async () => {
    const customer = await create(admin, 'Nordlys Typo');
    await ok<Customer>(await change(admin, customer.id, { name: 'Nordlys AS' }));
    await ok<Customer>(await change(admin, customer.id, { archived: true }));
    await ok<Customer>(await change(admin, customer.id, { archived: false, name: 'Nordlys Energi AS' }));
    // Nothing changed: nothing written.
    await ok<Customer>(await change(admin, customer.id, { archived: false }));
    const page = await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?action=customer.changed', { as: admin }));
    const mine = page.entries.filter((entry) => entry.target?.id === customer.id);
    expect(mine.map((entry) => entry.details)).toEqual([
      { name: 'Nordlys Energi AS', renamedFrom: 'Nordlys AS', archived: false },
      { name: 'Nordlys AS', archived: true },
      { name: 'Nordlys AS', renamedFrom: 'Nordlys Typo' },
    ]);
    expect(mine[0]).toMatchObject({ actor: { id: admin.id }, target: { type: 'customer', id: customer.id } });
  });
});

describe('merging', () => {
  it("moves every member's activities to the customer kept, removes the other, keeps the rollups, and is audited", async () => {
    const keep = await create(rep, 'Nordic Fish AS');
    const dupe = await create(rep, 'Nordic Fsh');
    const foreign = await create(other, 'Nordic Fish Foreign');
    const byRep = await logActivity(t, rep, { kind: 'sale', ticketSize: 2500, customerName: 'Nordic Fsh' });
    const byAdmin = await logActivity(t, admin, { kind: 'call', answered: true, outcome: 'meeting_booked', customerName: 'Nordic Fsh' });
    await logActivity(t, rep, { kind: 'meeting', customerName: 'Nordic Fish AS' });
    const foreignActivity = await logActivity(t, other, { kind: 'meeting', customerName: 'Nordic Fish Foreign' });
    const rollupsBefore = await findStoredRollups(t, admin.companyId);

    expect((await list(admin, 'all', 'Nordic Fsh'))[0]!.activityCount).toBe(2);
    expect((await merge(rep, dupe.id, keep.id)).status).toBe(403);
    await expectError(await merge(admin, dupe.id, dupe.id), 400, 'bad_request');
    // Another company's customer is not there, on either side; nothing changes.
    await expectError(await merge(admin, dupe.id, foreign.id), 404, 'not_found');
    await expectError(await merge(admin, foreign.id, keep.id), 404, 'not_found');
    await expectError(await merge(other, dupe.id, foreign.id), 404, 'not_found');
    expect((await list(other, 'all', 'Nordic')).map((c) => [c.name, c.activityCount])).toEqual([['Nordic Fish Foreign', 1]]);

    const result = await ok<CustomerMergeResult>(await merge(admin, dupe.id, keep.id));
    expect(result).toMatchObject({ movedActivities: 2, customer: { id: keep.id, name: 'Nordic Fish AS', activityCount: 3 } });
    expect((await list(admin, 'all', 'Nordic')).map((c) => c.name)).toEqual(['Nordic Fish AS']);
    await expectError(await merge(admin, dupe.id, keep.id), 404, 'not_found');

    const mine = await ok<MyActivities>(await t.request('/api/v1/activities/mine', { as: rep }));
    expect(mine.activities.find((a: Activity) => a.id === byRep.id)).toMatchObject({ customerId: keep.id, customerName: 'Nordic Fish AS' });
    const adminMine = await ok<MyActivities>(await t.request('/api/v1/activities/mine', { as: admin }));
    expect(adminMine.activities.find((a) => a.id === byAdmin.id)).toMatchObject({ customerId: keep.id, customerName: 'Nordic Fish AS' });
    // The other company's activity and customer are as they were.
    const otherMine = await ok<MyActivities>(await t.request('/api/v1/activities/mine', { as: other }));
    expect(otherMine.activities.find((a) => a.id === foreignActivity.id)?.customerId).toBe(foreign.id);

    // A customer is not counted: the rollups are the same, and exact.
    expect(await findStoredRollups(t, admin.companyId)).toEqual(rollupsBefore);
    await expectRollupsExact(t, admin.companyId);

    const audit = await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?action=customer.merged', { as: admin }));
    expect(audit.entries.map((e) => [e.actor.id, e.target?.type, e.target?.id, e.details])).toEqual([
      [admin.id, 'customer', keep.id, { keptName: 'Nordic Fish AS', mergedId: dupe.id, mergedName: 'Nordic Fsh', activities: 2 }],
    ]);
  });
});
