import type { Activity, ActivityFeed, ActivityLogOptions, AuditLogPage, CompanySettings, MyActivities } from '@core/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toCompanyId, toUserId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  createRepWithAdmin,
  type ErrorBody,
  expectRollupsExact,
  findDayStats,
  logActivity,
  type Member,
  setLateLoggingDays,
  tickingClock,
} from './activities.test-support';

/*
 * Late logging and corrections (decision 041): the company's window, what reps and admins may do
 * to earlier days, and that the rollups, the sync feed and the audit log follow.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { ACTIVITY_FEED_SETTLE_MS: '100' } });
});
afterEach(() => t.setNow(() => new Date()));
afterAll(() => t.close());

const TODAY_NOON = '2026-11-20T11:00:00Z'; // a Friday, 12:00 in Oslo
const at = (iso: string) => t.setNow(tickingClock(iso));

const post = (member: Member, json: unknown) => t.request('/api/v1/activities', { method: 'POST', as: member, json });
const patch = (member: Member, id: string, json: unknown) => t.request(`/api/v1/activities/${id}`, { method: 'PATCH', as: member, json });
const remove = (member: Member, id: string) => t.request(`/api/v1/activities/${id}`, { method: 'DELETE', as: member });

async function expectError(response: Response, status: number, code: string): Promise<ErrorBody> {
  expect(response.status).toBe(status);
  const body = (await response.json()) as ErrorBody;
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body;
}

async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function auditOf(admin: Member, action: string) {
  return (await ok<AuditLogPage>(await t.request(`/api/v1/admin/audit-log?action=${action}`, { as: admin }))).entries;
}

describe("the company's late-logging window", () => {
  it('defaults to 7 days; admins change it from 0 to 90 (audited), reps cannot', async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    const company = await ok<CompanySettings>(await t.request('/api/v1/company', { as: admin }));
    expect(company.lateLoggingDays).toBe(7);
    const change = (member: Member, lateLoggingDays: unknown) =>
      t.request('/api/v1/company', { method: 'PATCH', as: member, json: { lateLoggingDays } });
    await expectError(await change(admin, 91), 400, 'invalid_input');
    await expectError(await change(admin, -1), 400, 'invalid_input');
    await expectError(await change(admin, 2.5), 400, 'invalid_input');
    expect((await change(rep, 3)).status).toBe(403);
    expect((await ok<CompanySettings>(await change(admin, 0))).lateLoggingDays).toBe(0);
    expect((await ok<CompanySettings>(await change(admin, 90))).lateLoggingDays).toBe(90);
    const [latest] = await auditOf(admin, 'company.updated');
    expect(latest!.details).toEqual({ changes: { lateLoggingDays: { from: 0, to: 90 } } });
    const options = await ok<ActivityLogOptions>(await t.request('/api/v1/activities/log-options', { as: rep }));
    expect(options).toMatchObject({ lateLoggingDays: 90, canCorrectAnyDay: false });
  });

  it('lets a rep log for an earlier day inside it, at its edge, and refuses the day before and tomorrow', async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    at(TODAY_NOON);
    const options = await ok<ActivityLogOptions>(await t.request('/api/v1/activities/log-options', { as: rep }));
    expect(options).toMatchObject({ today: '2026-11-20', lateLoggingDays: 7 });

    const yesterday = await logActivity(t, rep, {
      kind: 'call',
      answered: true,
      outcome: 'meeting_booked',
      localDate: '2026-11-19',
      time: '09:15',
    });
    expect(yesterday).toMatchObject({ localDate: '2026-11-19', loggedLate: true, pointsEarned: 5 });
    expect(yesterday.createdAt).toBe('2026-11-19T08:15:00.000Z'); // 09:15 in Oslo
    expect(yesterday.updatedAt.startsWith('2026-11-20T11:00')).toBe(true);
    const edge = await logActivity(t, rep, { kind: 'meeting', localDate: '2026-11-13' });
    // Without a time: now's time of day on that day.
    expect(edge).toMatchObject({ localDate: '2026-11-13', loggedLate: true });
    expect(edge.createdAt.startsWith('2026-11-13T11:00')).toBe(true);
    const today = await logActivity(t, rep, { kind: 'meeting', localDate: '2026-11-20' });
    expect(today.loggedLate).toBe(false);

    await expectError(await post(rep, { kind: 'meeting', localDate: '2026-11-12' }), 403, 'outside_logging_window');
    await expectError(await post(rep, { kind: 'meeting', localDate: '2026-11-21' }), 400, 'future_day');
    await expectError(await post(admin, { kind: 'meeting', localDate: '2026-11-21' }), 400, 'future_day');
    await expectError(await post(rep, { kind: 'meeting', time: '09:00' }), 400, 'bad_request');
    await expectError(await post(rep, { kind: 'meeting', localDate: '2026-11-19', time: '25:00' }), 400, 'invalid_input');

    expect(await findDayStats(t, rep, '2026-11-19')).toMatchObject({ calls: 1, meetings_booked: 1, points: 5 });
    expect(await findDayStats(t, rep, '2026-11-13')).toMatchObject({ meetings_completed: 1 });
    await expectRollupsExact(t, rep.companyId);

    // Yesterday's board counts it; the rep's list of that day shows it, marked.
    const board = await ok<{ rows: { userId: string; calls: number }[] }>(
      await t.request('/api/v1/scoreboard/leaderboard?period=yesterday', { as: admin }),
    );
    expect(board.rows.find((row) => row.userId === rep.id)).toMatchObject({ calls: 1 });
    const list = await ok<MyActivities>(await t.request('/api/v1/activities/mine?date=2026-11-19', { as: rep }));
    expect(list.activities.map((a) => [a.id, a.loggedLate])).toEqual([[yesterday.id, true]]);
    await expectError(await t.request('/api/v1/activities/mine?date=2026-11-01', { as: rep }), 403, 'outside_logging_window');

    // Logging late is written to the audit log, about the rep, by the rep.
    const entries = await auditOf(admin, 'activity.logged_late');
    expect(entries.map((e) => e.details)).toEqual([
      { activityId: edge.id, type: 'meeting', localDate: '2026-11-13' },
      { activityId: yesterday.id, type: 'call_answered', localDate: '2026-11-19' },
    ]);
    expect(entries[0]).toMatchObject({ actor: { id: rep.id }, target: { type: 'member', id: rep.id } });
  });

  it('follows the company-local midnight and DST in Europe/Oslo', async () => {
    const { rep } = await createRepWithAdmin(t);
    await setLateLoggingDays(t, rep.companyId, 1);
    const at = (iso: string) => t.setNow(() => new Date(iso)); // a clock that stands still, to the second
    // 23:59:59 on the 25-hour day (clocks went back at 03:00): the 24th is still yesterday.
    at('2026-10-25T22:59:59Z');
    expect((await post(rep, { kind: 'meeting', localDate: '2026-10-24' })).status).toBe(201);
    // One second later it is the 26th: the 24th is two days back.
    at('2026-10-25T23:00:00Z');
    await expectError(await post(rep, { kind: 'meeting', localDate: '2026-10-24' }), 403, 'outside_logging_window');
    // 02:30 happened twice on the 25th; either way it lands on that day.
    const twice = await logActivity(t, rep, { kind: 'meeting', localDate: '2026-10-25', time: '02:30' });
    expect(twice.localDate).toBe('2026-10-25');
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(twice.createdAt);

    // 02:30 never happened on 29 March (spring forward): it is stored on that day all the same.
    at('2026-03-30T10:00:00Z');
    const skipped = await logActivity(t, rep, { kind: 'meeting', localDate: '2026-03-29', time: '02:30' });
    expect(skipped.localDate).toBe('2026-03-29');
    const late = await logActivity(t, rep, { kind: 'meeting', localDate: '2026-03-29', time: '23:59' });
    expect(late.createdAt).toBe('2026-03-29T21:59:00.000Z');
    await expectRollupsExact(t, rep.companyId);
  });
});

describe("editing, moving and deleting earlier days' activities", () => {
  it('a rep changes and deletes their own inside the window, and nothing outside it', async () => {
    const { rep } = await createRepWithAdmin(t);
    at('2026-11-10T09:00:00Z');
    const old = await logActivity(t, rep, { kind: 'meeting' });
    at('2026-11-17T09:00:00Z');
    const threeDays = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'no_progress' });
    at(TODAY_NOON);
    const edited = await ok<Activity>(await patch(rep, threeDays.id, { outcome: 'moved_forward', notes: 'follow up' }));
    expect(edited).toMatchObject({ localDate: '2026-11-17', pointsEarned: 1, loggedLate: false });
    expect(await findDayStats(t, rep, '2026-11-17')).toMatchObject({ moved_forward: 1, points: 1 });

    await expectError(await patch(rep, old.id, { notes: 'too late' }), 403, 'outside_logging_window');
    await expectError(await remove(rep, old.id), 403, 'outside_logging_window');
    // Moving into the window's past edge is fine; beyond it, or from outside it, is not.
    await expectError(await patch(rep, threeDays.id, { localDate: '2026-11-12' }), 403, 'outside_logging_window');
    await expectError(await patch(rep, threeDays.id, { localDate: '2026-11-21' }), 400, 'future_day');
    await expectError(await patch(rep, old.id, { localDate: '2026-11-19' }), 403, 'outside_logging_window');

    expect((await remove(rep, threeDays.id)).status).toBe(200);
    expect(await findDayStats(t, rep, '2026-11-17')).toBeNull();
    await expectRollupsExact(t, rep.companyId);
  });

  it('moving an activity to another day moves its counts and marks it logged late', async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    at(TODAY_NOON);
    const sale = await logActivity(t, rep, { kind: 'sale', ticketSize: 50_000, customerName: 'Acme' });
    const moved = await ok<Activity>(await patch(rep, sale.id, { localDate: '2026-11-18' }));
    expect(moved).toMatchObject({ localDate: '2026-11-18', loggedLate: true, ticketSize: 50_000, customerName: 'Acme' });
    // Same time of day, on the new day.
    expect(moved.createdAt.slice(10)).toBe(sale.createdAt.slice(10));
    expect(moved.createdAt.slice(0, 10)).toBe('2026-11-18');
    expect(await findDayStats(t, rep, '2026-11-20')).toBeNull();
    expect(await findDayStats(t, rep, '2026-11-18')).toMatchObject({ sales: 1, revenue: '50000' });
    await expectRollupsExact(t, rep.companyId);
    const [entry] = await auditOf(admin, 'activity.logged_late');
    expect(entry!.details).toEqual({ activityId: sale.id, type: 'sale', localDate: '2026-11-18', from: '2026-11-20' });

    // Moved back to today it stays marked: a correction is never silent.
    const back = await ok<Activity>(await patch(rep, sale.id, { localDate: '2026-11-20' }));
    expect(back).toMatchObject({ localDate: '2026-11-20', loggedLate: true });
    await expectRollupsExact(t, rep.companyId);
  });

  it('a moved call takes the daily bonus with it only as logging there would', async () => {
    const { rep } = await createRepWithAdmin(t);
    at('2026-11-19T08:00:00Z');
    for (let i = 0; i < 19; i++) await logActivity(t, rep, { kind: 'call', answered: false });
    at('2026-11-20T08:00:00Z');
    const calls: Activity[] = [];
    for (let i = 0; i < 20; i++) calls.push(await logActivity(t, rep, { kind: 'call', answered: false }));
    expect(calls[19]!.dailyBonus).toBe(true);
    expect(await findDayStats(t, rep, '2026-11-20')).toMatchObject({ calls: 20, bonus_calls: 1 });

    // The bonus call leaves today (19 left: today loses the bonus) and is the 20th on the 19th.
    const moved = await ok<Activity>(await patch(rep, calls[19]!.id, { localDate: '2026-11-19' }));
    expect(moved.dailyBonus).toBe(true);
    expect(await findDayStats(t, rep, '2026-11-20')).toMatchObject({ calls: 19, bonus_calls: 0 });
    expect(await findDayStats(t, rep, '2026-11-19')).toMatchObject({ calls: 20, bonus_calls: 1 });
    await expectRollupsExact(t, rep.companyId);
  });

  it("an admin corrects anyone's activities on any day, and each correction is audited", async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    const other = await t.createMember({ role: 'admin' }); // another company's admin
    at('2026-09-01T09:00:00Z');
    const old = await logActivity(t, rep, { kind: 'call', answered: true, outcome: 'no_progress' });
    const gone = await logActivity(t, rep, { kind: 'meeting' });
    at(TODAY_NOON);

    // Another company's admin, and a colleague rep, see nothing.
    await expectError(await patch(other, old.id, { notes: 'x' }), 404, 'not_found');
    const colleague = await t.createMember({ companyId: admin.companyId, role: 'user' });
    await expectError(await patch(colleague, old.id, { notes: 'x' }), 404, 'not_found');

    const corrected = await ok<Activity>(await patch(admin, old.id, { outcome: 'meeting_booked', localDate: '2026-09-02' }));
    expect(corrected).toMatchObject({
      userId: rep.id,
      localDate: '2026-09-02',
      outcome: 'meeting_booked',
      pointsEarned: 5,
      loggedLate: true,
    });
    expect((await remove(admin, gone.id)).status).toBe(200);
    expect(await findDayStats(t, rep, '2026-09-01')).toBeNull();
    expect(await findDayStats(t, rep, '2026-09-02')).toMatchObject({ calls: 1, meetings_booked: 1, points: 5 });
    await expectRollupsExact(t, rep.companyId);

    const entries = await auditOf(admin, 'activity.corrected');
    expect(entries.map((e) => e.details)).toEqual([
      { activityId: gone.id, type: 'meeting', operation: 'deleted', localDate: '2026-09-01', fields: [] },
      {
        activityId: old.id,
        type: 'call_answered',
        operation: 'updated',
        localDate: '2026-09-02',
        from: '2026-09-01',
        fields: ['outcome', 'localDate'],
      },
    ]);
    expect(entries[0]).toMatchObject({ actor: { id: admin.id }, target: { type: 'member', id: rep.id } });
  });

  it("reads one activity for its edit form: a rep their own on any day, an admin anyone's, nobody else's", async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    const other = await t.createMember({ role: 'admin' }); // another company's admin
    const colleague = await t.createMember({ companyId: admin.companyId, role: 'user' });
    at('2026-09-01T09:00:00Z');
    const logged = await logActivity(t, rep, { kind: 'sale', ticketSize: 1500, productName: 'Pilot', notes: 'Signed' });
    at(TODAY_NOON);
    const read = (member: Member) => t.request(`/api/v1/activities/${logged.id}`, { as: member });

    // Older than the late-logging window: a rep may not change it, but still reads it.
    expect(await ok<Activity>(await read(rep))).toEqual(logged);
    expect(await ok<Activity>(await read(admin))).toEqual(logged);
    await expectError(await read(colleague), 404, 'not_found');
    await expectError(await read(other), 404, 'not_found');
    await expectError(await t.request('/api/v1/activities/not-an-id', { as: admin }), 400, 'invalid_input');
  });

  it('the sync feed serves a late log and a move as changes after the cursor', async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    at('2026-11-20T10:00:00Z');
    const logged = await logActivity(t, rep, { kind: 'meeting', localDate: '2026-11-16' });
    at('2026-11-20T10:30:00Z');
    await ok<Activity>(await patch(admin, logged.id, { localDate: '2026-11-15' }));
    at('2026-11-20T11:00:00Z');
    const feed = await ok<ActivityFeed>(
      await t.request(`/api/v1/activities?updatedSince=${encodeURIComponent('2026-11-20T10:15:00Z')}`, { as: admin }),
    );
    expect(feed.activities.map((a) => [a.id, a.localDate, a.loggedLate])).toEqual([[logged.id, '2026-11-15', true]]);
  });
});

describe('the rollup trigger', () => {
  it('stays exact when a row moves between days and members', async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    at(TODAY_NOON);
    const a = await logActivity(t, rep, { kind: 'sale', ticketSize: 1000 });
    await logActivity(t, admin, { kind: 'call', answered: true, outcome: 'meeting_booked' });
    // A direct write past the service, as the admin (row-level security lets an admin change anyone's):
    // the trigger alone keeps daily_user_stats.
    await withTenant(t.db, { companyId: toCompanyId(rep.companyId), userId: toUserId(admin.id) }, (tx) =>
      tx.execute(sql`UPDATE activities SET user_id = ${admin.id}, local_date = '2026-11-11' WHERE id = ${a.id}`),
    );
    expect(await findDayStats(t, rep, '2026-11-20')).toBeNull();
    expect(await findDayStats(t, admin, '2026-11-11')).toMatchObject({ sales: 1, revenue: '1000' });
    await expectRollupsExact(t, rep.companyId);
  });
});
