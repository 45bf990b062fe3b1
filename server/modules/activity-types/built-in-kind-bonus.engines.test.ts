import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Activity, ActivityTypeList, ApiError, AuditLogPage, BuiltInKindBonus, ImportPreview } from '@core/contracts';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { expectRollupsExact, tickingClock } from '../activities/activities.test-support';

/*
 * A daily bonus on a built-in kind (decision 115), on both engines: an admin sets "the 2nd meeting of a
 * day earns 10" and the meeting that reaches it earns it, once a day; a delete, a move or a change of
 * kind settles each day it touches (the latest of the kind takes it while the day has the number);
 * an edit in place keeps it; and the rollups stay exact.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let admin: Member;
let rep: Member;
const NOON = '2026-11-20T11:00:00Z'; // a Friday, 12:00 in Oslo

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const setBonus = (as: Member, key: string, bonus: unknown) =>
  t.request(`/api/v1/activity-types/built-in/${key}/bonus`, { method: 'PUT', as, json: { bonus } });
const log = async (json: Record<string, unknown>) =>
  ok<Activity>(await t.request('/api/v1/activities', { method: 'POST', as: rep, json }), 201);
const patch = async (id: string, json: Record<string, unknown>) =>
  ok<Activity>(await t.request(`/api/v1/activities/${id}`, { method: 'PATCH', as: rep, json }));
const remove = async (id: string) => expect((await t.request(`/api/v1/activities/${id}`, { method: 'DELETE', as: rep })).status).toBe(200);

/** Each of the rep's meetings of a day in the order logged, and the bonus points it carries. */
async function meetingsOf(day: string) {
  return withTenant(t.db, { companyId: toCompanyId(rep.companyId), userId: null }, async (tx) => {
    const result = await tx.execute(sql`
      SELECT id::text, bonus_points, points_earned FROM activities
       WHERE company_id = ${rep.companyId} AND user_id = ${rep.id} AND local_date = ${day} AND type = 'meeting'
       ORDER BY created_at, id`);
    return (result as unknown as { rows: { id: string; bonus_points: number; points_earned: number }[] }).rows;
  });
}
const carriers = async (day: string) => (await meetingsOf(day)).filter((m) => m.bonus_points > 0).map((m) => m.id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createMember({ role: 'admin' });
  rep = await t.createMember({ companyId: admin.companyId });
});
afterEach(() => t.setNow(() => new Date()));
afterAll(() => t.close());

it('lets an admin set a bonus on a meeting, sale, e-mail or LinkedIn touch, not a rep, and a call keeps its rule', async () => {
  expect((await setBonus(rep, 'meeting', { threshold: 2, points: 10 })).status).toBe(403);
  const call = await setBonus(admin, 'call', { threshold: 2, points: 10 });
  expect(call.status).toBe(400);
  expect(((await call.json()) as ApiError).error.message).toContain('KPI Rules');
  const refused = await setBonus(admin, 'meeting', { threshold: 1, points: 10 });
  expect(refused.status).toBe(400);

  const after = await ok<{ builtIn: BuiltInKindBonus[] }>(await setBonus(admin, 'meeting', { threshold: 2, points: 10 }));
  expect(after.builtIn).toEqual([
    { key: 'meeting', bonus: { threshold: 2, points: 10 } },
    { key: 'sale', bonus: null },
    { key: 'email', bonus: null },
    { key: 'linkedin', bonus: null },
  ]);
  // Every member reads it with the types (the log dialogs).
  const list = await ok<ActivityTypeList>(await t.request('/api/v1/activity-types', { as: rep }));
  expect(list.builtIn[0]).toEqual({ key: 'meeting', bonus: { threshold: 2, points: 10 } });
  const audit = await ok<AuditLogPage>(await t.request('/api/v1/admin/audit-log?action=activity_type.changed', { as: admin }));
  expect(audit.entries[0]!.details).toMatchObject({ name: 'Meeting held' });
});

it('gives it to the meeting that reaches the number, once a day, and settles the day after a delete, a move or a change of kind', async () => {
  t.setNow(tickingClock(NOON));
  const day = '2026-11-20';
  const [first, second, third] = [await log({ kind: 'meeting' }), await log({ kind: 'meeting' }), await log({ kind: 'meeting' })];
  expect([first, second, third].map((m) => ({ points: m.pointsEarned, bonus: m.dailyBonus }))).toEqual([
    { points: first.pointsEarned, bonus: false },
    { points: first.pointsEarned + 10, bonus: true },
    { points: first.pointsEarned, bonus: false },
  ]);
  expect(await carriers(day)).toEqual([second.id]);

  // An edit in place keeps it.
  expect((await patch(second.id, { notes: 'Demo with the CFO' })).pointsEarned).toBe(first.pointsEarned + 10);
  expect(await carriers(day)).toEqual([second.id]);

  // The carrier deleted from a day that still has two: the latest takes it.
  await remove(second.id);
  expect(await carriers(day)).toEqual([third.id]);

  // The carrier made another kind from a day that still has two: the latest of those takes it.
  const fourth = await log({ kind: 'meeting' });
  expect(fourth.dailyBonus).toBe(false);
  const retyped = await patch(third.id, { type: 'call_unanswered' });
  expect(retyped.dailyBonus).toBe(false);
  expect(await carriers(day)).toEqual([fourth.id]);

  // The carrier moved to yesterday: each day settles its own (one left here, one there: none).
  await patch(fourth.id, { localDate: '2026-11-19' });
  expect(await carriers(day)).toEqual([]);
  expect(await carriers('2026-11-19')).toEqual([]);
  const fifth = await log({ kind: 'meeting', localDate: '2026-11-19' });
  expect(await carriers('2026-11-19')).toEqual([fifth.id]);
  await expectRollupsExact(t, rep.companyId);
});

it('counts an import in time order after the day has its own, as logging does, and an undo settles the day', async () => {
  t.setNow(tickingClock(NOON));
  await ok(await setBonus(admin, 'meeting', { threshold: 2, points: 10 }));
  const logged = await log({ kind: 'meeting', localDate: '2026-11-17', time: '08:00' });
  const csv = ['date,time,email,type', ...['09:00', '10:00', '11:00'].map((time) => `2026-11-17,${time},${rep.email},meeting`)];
  csv.push(...['09:00', '10:00', '11:00'].map((time) => `2026-11-16,${time},${rep.email},meeting`));
  const form = new FormData();
  form.set('kind', 'activities');
  form.set('file', new File([csv.join('\r\n')], 'meetings.csv'));
  const preview = await ok<ImportPreview>(await t.request('/api/v1/imports', { method: 'POST', as: admin, body: form }), 201);
  await ok(await t.request(`/api/v1/imports/${preview.id}/commit`, { method: 'POST', as: admin, json: { mapping: preview.mapping } }));
  // The day with one logged: the first imported reaches two. The day without: the second.
  const [seventeenth, sixteenth] = [await meetingsOf('2026-11-17'), await meetingsOf('2026-11-16')];
  expect(seventeenth.map((m) => m.bonus_points)).toEqual([0, 10, 0, 0]);
  expect(seventeenth[0]!.id).toBe(logged.id);
  expect(sixteenth.map((m) => m.bonus_points)).toEqual([0, 10, 0]);
  await expectRollupsExact(t, rep.companyId);
  // One more logged on the 17th after the import: the imported carrier keeps it.
  const later = await log({ kind: 'meeting', localDate: '2026-11-17', time: '12:00' });
  expect(later.dailyBonus).toBe(false);

  // Undone, the 17th keeps its two logged meetings and none carries the bonus: the latest takes it.
  await ok(await t.request(`/api/v1/imports/${preview.id}/undo`, { method: 'POST', as: admin }));
  expect(await meetingsOf('2026-11-16')).toEqual([]);
  expect((await meetingsOf('2026-11-17')).map((m) => ({ id: m.id, bonus: m.bonus_points }))).toEqual([
    { id: logged.id, bonus: 0 },
    { id: later.id, bonus: 10 },
  ]);
  await expectRollupsExact(t, rep.companyId);
});

it('a kind without a bonus, or whose bonus was taken off, earns none', async () => {
  t.setNow(tickingClock(NOON));
  const sales = [await log({ kind: 'sale', ticketSize: 10_000 }), await log({ kind: 'sale', ticketSize: 10_000 })];
  expect(sales.map((sale) => sale.dailyBonus)).toEqual([false, false]);
  await ok(await setBonus(admin, 'meeting', null));
  const day = '2026-11-21';
  t.setNow(tickingClock('2026-11-21T11:00:00Z'));
  await log({ kind: 'meeting' });
  const second = await log({ kind: 'meeting' });
  expect(second.dailyBonus).toBe(false);
  expect(await carriers(day)).toEqual([]);
  await expectRollupsExact(t, rep.companyId);
});
