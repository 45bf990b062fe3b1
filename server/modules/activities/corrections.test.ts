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

/*
 * A manager fixes the common mistakes (decision 086): an activity logged by the wrong member, as
 * the wrong kind, or on the wrong day, and a log on a member's behalf. Admins for anyone, team
 * leads for the members of the teams they lead; rollups, points, the daily bonus and the audit
 * log follow.
 */
describe("a manager's corrections across members and kinds", () => {
  /** A company with an admin, a lead of Oslo, Carina and Eva in Oslo, Bjørn in Bergen. */
  async function company() {
    const admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
    const companyId = admin.companyId;
    const lead = await t.createMember({ companyId, name: 'Lea Lead' });
    const carina = await t.createMember({ companyId, name: 'Carina Rep' });
    const eva = await t.createMember({ companyId, name: 'Eva Rep' });
    const bjorn = await t.createMember({ companyId, name: 'Bjørn Bergen' });
    const team = async (name: string) =>
      ok<{ id: string }>(await t.request('/api/v1/teams', { method: 'POST', as: admin, json: { name } }), 201);
    const oslo = await team('Oslo');
    const bergen = await team('Bergen');
    for (const [member, teamId] of [
      [lead, oslo.id],
      [carina, oslo.id],
      [eva, oslo.id],
      [bjorn, bergen.id],
    ] as const) {
      await ok(await t.request(`/api/v1/team/members/${member.id}/team`, { method: 'PUT', as: admin, json: { teamId } }));
    }
    await ok(await t.request(`/api/v1/teams/${oslo.id}/leads`, { method: 'PUT', as: admin, json: { userIds: [lead.id] } }));
    return { admin, lead, carina, eva, bjorn };
  }

  it("moves Carina's sale to Eva: Eva's day gains it, Carina's loses it, points are Eva's day's, and the audit names both", async () => {
    const { admin, carina, eva } = await company();
    at(TODAY_NOON);
    const sale = await logActivity(t, carina, { kind: 'sale', ticketSize: 4_500_000, customerName: 'Fjord AS' });
    const moved = await ok<Activity>(await patch(admin, sale.id, { userId: eva.id }));
    expect(moved).toMatchObject({ userId: eva.id, type: 'sale', ticketSize: 4_500_000, localDate: '2026-11-20', customerName: 'Fjord AS' });
    expect(moved.pointsEarned).toBe(sale.pointsEarned);
    expect(await findDayStats(t, carina, '2026-11-20')).toBeNull();
    expect(await findDayStats(t, eva, '2026-11-20')).toMatchObject({ sales: 1, revenue: '4500000', points: sale.pointsEarned });
    await expectRollupsExact(t, admin.companyId);
    // It is Eva's now: on her list, not on Carina's.
    const evasDay = await ok<MyActivities>(await t.request('/api/v1/activities/mine', { as: eva }));
    expect(evasDay.activities.map((a) => a.id)).toEqual([sale.id]);
    const carinasDay = await ok<MyActivities>(await t.request('/api/v1/activities/mine', { as: carina }));
    expect(carinasDay.activities).toEqual([]);
    const [entry] = await auditOf(admin, 'activity.corrected');
    expect(entry!.target).toMatchObject({ id: carina.id });
    expect(entry!.details).toMatchObject({
      activityId: sale.id,
      operation: 'updated',
      fromUserId: carina.id,
      toUserId: eva.id,
      fields: ['userId'],
    });
  });

  it('makes a call that was a meeting into a held meeting, an answered call into one not answered, and a meeting into a sale (with its value)', async () => {
    const { admin, carina } = await company();
    at(TODAY_NOON);
    const call = await logActivity(t, carina, { kind: 'call', answered: true, outcome: 'meeting_booked' });
    const meeting = await ok<Activity>(await patch(admin, call.id, { type: 'meeting' }));
    expect(meeting).toMatchObject({ kind: 'meeting', type: 'meeting', answered: null, outcome: null, meetingBooked: false });
    expect(await findDayStats(t, carina, '2026-11-20')).toMatchObject({ calls: 0, meetings_booked: 0, meetings_completed: 1 });

    const answered = await logActivity(t, carina, { kind: 'call', answered: true, outcome: 'moved_forward' });
    const unanswered = await ok<Activity>(await patch(admin, answered.id, { type: 'call_unanswered' }));
    expect(unanswered).toMatchObject({ type: 'call_unanswered', answered: false, outcome: 'no_progress', movedForward: false });
    // Back to answered: it needs its outcome.
    const refused = await expectError(await patch(admin, answered.id, { type: 'call_answered' }), 400, 'bad_request');
    expect(refused.error.details).toEqual({ outcome: 'Choose an outcome for the answered call' });
    expect(await ok<Activity>(await patch(admin, answered.id, { type: 'call_answered', outcome: 'no_progress' }))).toMatchObject({
      answered: true,
      outcome: 'no_progress',
    });

    // A sale needs its value; an outcome fits an answered call only.
    const noValue = await expectError(await patch(admin, meeting.id, { type: 'sale' }), 400, 'bad_request');
    expect(noValue.error.details).toEqual({ ticketSize: 'Please enter a valid sale value' });
    await expectError(await patch(admin, meeting.id, { type: 'meeting', outcome: 'no_progress' }), 400, 'bad_request');
    const sale = await ok<Activity>(await patch(admin, meeting.id, { type: 'sale', ticketSize: 990_000, productName: 'Pilot' }));
    expect(sale).toMatchObject({ type: 'sale', ticketSize: 990_000, productName: 'Pilot' });
    expect(await findDayStats(t, carina, '2026-11-20')).toMatchObject({ meetings_completed: 0, sales: 1, revenue: '990000' });
    await expectRollupsExact(t, admin.companyId);
    const [entry] = await auditOf(admin, 'activity.corrected');
    expect(entry!.details).toMatchObject({ activityId: meeting.id, type: 'sale', fromType: 'meeting' });
  });

  it("takes the daily bonus with a 20th call moved to another member, and gives it to that member's 20th", async () => {
    const { admin, carina, eva } = await company();
    at(TODAY_NOON);
    const carinas = [];
    for (let i = 0; i < 20; i++) carinas.push(await logActivity(t, carina, { kind: 'call', answered: false }));
    for (let i = 0; i < 19; i++) await logActivity(t, eva, { kind: 'call', answered: false });
    expect(carinas.at(-1)!.dailyBonus).toBe(true);
    const moved = await ok<Activity>(await patch(admin, carinas.at(-1)!.id, { userId: eva.id }));
    // Eva's 20th call now: it earns her the bonus; Carina is back to 19 and has none.
    expect(moved.dailyBonus).toBe(true);
    expect(await findDayStats(t, carina, '2026-11-20')).toMatchObject({ calls: 19, bonus_calls: 0 });
    expect(await findDayStats(t, eva, '2026-11-20')).toMatchObject({ calls: 20, bonus_calls: 1 });
    // Eva's bonus call made into a meeting: her day settles as after a deletion (19 calls, no bonus).
    const meeting = await ok<Activity>(await patch(admin, moved.id, { type: 'meeting' }));
    expect(meeting.dailyBonus).toBe(false);
    expect(await findDayStats(t, eva, '2026-11-20')).toMatchObject({ calls: 19, bonus_calls: 0, meetings_completed: 1 });
    await expectRollupsExact(t, admin.companyId);
  });

  it("lets a team lead correct, move and log for the people of their team on any earlier day, and nobody else's", async () => {
    const { admin, lead, carina, eva, bjorn } = await company();
    at('2026-11-10T11:00:00Z');
    const old = await logActivity(t, carina, { kind: 'meeting' });
    const bergens = await logActivity(t, bjorn, { kind: 'meeting' });
    at(TODAY_NOON);
    // Ten days back: outside a rep's window, inside a lead's reach for their people.
    // E-mail is not logged by this company (its rule is off): no activity becomes one either.
    await expectError(await patch(lead, old.id, { userId: eva.id, localDate: '2026-11-12', type: 'email' }), 400, 'kpi_rule_disabled');
    expect(
      await ok<Activity>(await patch(lead, old.id, { userId: eva.id, localDate: '2026-11-12', type: 'sale', ticketSize: 100_000 })),
    ).toMatchObject({ userId: eva.id, localDate: '2026-11-12', type: 'sale', loggedLate: true });
    // Another team's member: as if it did not exist. Nor may a lead take a sale for themself.
    await expectError(await patch(lead, bergens.id, { notes: 'x' }), 404, 'not_found');
    await expectError(await patch(lead, old.id, { userId: bjorn.id }), 403, 'forbidden');
    await expectError(await patch(lead, old.id, { userId: lead.id }), 403, 'forbidden');
    // A rep moves nothing to anyone, and logs only for themself.
    const own = await logActivity(t, carina, { kind: 'meeting' });
    await expectError(await patch(carina, own.id, { userId: eva.id }), 403, 'forbidden');
    await expectError(await post(carina, { kind: 'meeting', userId: eva.id }), 403, 'forbidden');
    // Logging on a member's behalf: theirs, for their day, and audited.
    const logged = await ok<Activity>(
      await post(lead, { kind: 'call', answered: true, outcome: 'meeting_booked', userId: carina.id }),
      201,
    );
    expect(logged.userId).toBe(carina.id);
    expect(await findDayStats(t, carina, '2026-11-20')).toMatchObject({ calls: 1, meetings_booked: 1 });
    await expectError(await post(lead, { kind: 'meeting', userId: bjorn.id }), 403, 'forbidden');
    await expectError(await post(admin, { kind: 'meeting', userId: 'no-such-member' }), 404, 'not_found');
    expect(await ok<Activity>(await post(admin, { kind: 'meeting', userId: bjorn.id }), 201)).toMatchObject({ userId: bjorn.id });
    const [entry] = await auditOf(admin, 'activity.logged_for');
    expect(entry).toMatchObject({
      actor: { id: admin.id },
      target: { id: bjorn.id },
      details: { type: 'meeting', localDate: '2026-11-20' },
    });
    await expectRollupsExact(t, admin.companyId);
  });
});
