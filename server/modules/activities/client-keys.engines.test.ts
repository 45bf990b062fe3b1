import type { Activity } from '@core/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  countActivities,
  createRepWithAdmin,
  type ErrorBody,
  expectRollupsExact,
  findDayStats,
  logActivity,
  setLateLoggingDays,
  setRule,
  tickingClock,
} from './activities.test-support';

/*
 * The device's key on a logged activity (decision 054): the phone keeps a log made without a
 * connection and sends it later, perhaps more than once; the server counts it once, at the time
 * it was tapped.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => t.setNow(() => new Date()));
afterAll(() => t.close());

const TODAY_NOON = '2026-11-20T11:00:00Z'; // a Friday, 12:00 in Oslo
const TODAY = '2026-11-20';
const call = { kind: 'call', answered: false };

function post(member: Awaited<ReturnType<TestApp['createMember']>>, json: unknown) {
  return t.request('/api/v1/activities', { method: 'POST', as: member, json });
}

describe('a log sent again with the same key', () => {
  it('answers the first activity and counts it once', async () => {
    const { rep } = await createRepWithAdmin(t);
    t.setNow(tickingClock(TODAY_NOON));
    const clientKey = crypto.randomUUID();
    const sale = { kind: 'sale', ticketSize: 150_000, clientKey };
    const first = await logActivity(t, rep, sale);
    const again = await logActivity(t, rep, sale);
    expect(again).toEqual(first);
    expect(await countActivities(t, rep.companyId)).toBe(1);
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ sales: 1, points: 10 });
    await expectRollupsExact(t, rep.companyId);
  });

  it('answers "deleted" (410) and logs nothing when the activity it logged was deleted since', async () => {
    const { rep } = await createRepWithAdmin(t);
    t.setNow(tickingClock(TODAY_NOON));
    const clientKey = crypto.randomUUID();
    const first = await logActivity(t, rep, { ...call, clientKey });
    const removed = await t.request(`/api/v1/activities/${first.id}`, { method: 'DELETE', as: rep });
    expect(removed.status).toBe(200);

    // The phone's late retry of the same log (its first answer never arrived).
    const retry = await post(rep, { ...call, clientKey });
    expect(retry.status).toBe(410);
    expect(((await retry.json()) as ErrorBody).error).toMatchObject({ code: 'activity_deleted' });
    expect(await countActivities(t, rep.companyId)).toBe(0);
    expect((await findDayStats(t, rep, TODAY))?.calls ?? 0).toBe(0);
    await expectRollupsExact(t, rep.companyId);
    // A new key logs as ever.
    expect((await post(rep, { ...call, clientKey: crypto.randomUUID() })).status).toBe(201);
  });

  it('counts once when the retries arrive at the same moment', async () => {
    const { rep } = await createRepWithAdmin(t);
    t.setNow(tickingClock(TODAY_NOON));
    const clientKey = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => logActivity(t, rep, { ...call, clientKey })));
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await countActivities(t, rep.companyId)).toBe(1);
    expect(await findDayStats(t, rep, TODAY)).toMatchObject({ calls: 1 });
    await expectRollupsExact(t, rep.companyId);
  });

  it('counts once when the same key comes at once for two different days', async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    await setLateLoggingDays(t, admin.companyId, 2);
    t.setNow(tickingClock(TODAY_NOON));
    const clientKey = crypto.randomUUID();
    const answers = await Promise.all([
      post(rep, { ...call, clientKey }),
      post(rep, { ...call, clientKey, localDate: '2026-11-19', time: '09:00' }),
      post(rep, { ...call, clientKey }),
      post(rep, { ...call, clientKey, localDate: '2026-11-19', time: '09:00' }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as Activity).id));
    expect(new Set(ids).size).toBe(1);
    expect(await countActivities(t, rep.companyId)).toBe(1);
    await expectRollupsExact(t, rep.companyId);
  });

  it('is one per person: the same key from two people logs two activities', async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    t.setNow(tickingClock(TODAY_NOON));
    const clientKey = crypto.randomUUID();
    const mine = await logActivity(t, rep, { ...call, clientKey });
    const theirs = await logActivity(t, admin, { ...call, clientKey });
    expect(theirs.id).not.toBe(mine.id);
    expect(await countActivities(t, rep.companyId)).toBe(2);
  });

  it('answers the first activity even after its kind was switched off', async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    t.setNow(tickingClock(TODAY_NOON));
    const email = { kind: 'email', clientKey: crypto.randomUUID() };
    await setRule(t, admin.companyId, 'email', { enabled: true });
    const first = await logActivity(t, rep, email);
    await setRule(t, admin.companyId, 'email', { enabled: false });
    expect((await logActivity(t, rep, email)).id).toBe(first.id);
    // A new e-mail is refused, with the reason.
    const refused = await post(rep, { kind: 'email', clientKey: crypto.randomUUID() });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.message.length).toBeGreaterThan(0);
  });

  it('refuses a key that is not a UUID', async () => {
    const { rep } = await createRepWithAdmin(t);
    const response = await post(rep, { ...call, clientKey: 'call-1' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.details).toHaveProperty('clientKey');
  });
});

describe('a log sent later than it was made', () => {
  it('keeps the time it was tapped today, and never a time after now', async () => {
    const { rep } = await createRepWithAdmin(t);
    t.setNow(tickingClock(TODAY_NOON));
    const kept = await logActivity(t, rep, { ...call, clientKey: crypto.randomUUID(), localDate: TODAY, time: '09:15' });
    expect(kept).toMatchObject({ localDate: TODAY, loggedLate: false, createdAt: '2026-11-20T08:15:00.000Z' });
    const skewed = await logActivity(t, rep, { ...call, clientKey: crypto.randomUUID(), localDate: TODAY, time: '23:00' });
    expect(new Date(skewed.createdAt).getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(skewed.createdAt < '2026-11-20T12:00:00Z').toBe(true);
    // Without a key, a time is still for an earlier day only.
    expect((await post(rep, { ...call, localDate: TODAY, time: '09:15' })).status).toBe(400);
  });

  it('is stamped now when sent within the minute it was tapped, so the logs of one minute keep their order', async () => {
    const { rep } = await createRepWithAdmin(t);
    t.setNow(tickingClock('2026-11-20T11:00:20Z')); // 12:00:21 in Oslo, then a second per read
    const first = await logActivity(t, rep, call);
    const tapped = await logActivity(t, rep, { ...call, clientKey: crypto.randomUUID(), localDate: TODAY, time: '12:00' });
    expect(tapped.createdAt > first.createdAt).toBe(true);
    expect(tapped.createdAt.startsWith('2026-11-20T11:00:')).toBe(true);
    const mine = (await (await t.request('/api/v1/activities/mine', { as: rep })).json()) as { activities: Activity[] };
    expect(mine.activities.map((a) => a.id)).toEqual([tapped.id, first.id]);
  });

  it('keeps that order when it is tapped at the end of a minute and arrives in the next one', async () => {
    const { rep } = await createRepWithAdmin(t);
    t.setNow(tickingClock('2026-11-20T11:00:30Z')); // 12:00:31 in Oslo
    const first = await logActivity(t, rep, call);
    // Tapped at 12:00:59.6 and received at 12:01:00.4: the device's minute-precise '12:00' (an app
    // of before this change) and its second-precise '12:00:59' are both sent at once.
    t.setNow(tickingClock('2026-11-20T11:01:00.400Z'));
    const minute = await logActivity(t, rep, { ...call, clientKey: crypto.randomUUID(), localDate: TODAY, time: '12:00' });
    const second = await logActivity(t, rep, { ...call, clientKey: crypto.randomUUID(), localDate: TODAY, time: '12:00:59' });
    expect(minute.createdAt > first.createdAt).toBe(true);
    expect(second.createdAt > minute.createdAt).toBe(true);
    const mine = (await (await t.request('/api/v1/activities/mine', { as: rep })).json()) as { activities: Activity[] };
    expect(mine.activities.map((a) => a.id)).toEqual([second.id, minute.id, first.id]);
    // Sent later than that, it keeps the second it was tapped (an offline log).
    t.setNow(tickingClock('2026-11-20T11:05:00Z'));
    const offline = await logActivity(t, rep, { ...call, clientKey: crypto.randomUUID(), localDate: TODAY, time: '12:02:17' });
    expect(offline.createdAt).toBe('2026-11-20T11:02:17.000Z');
  });

  it('lands on yesterday when it was tapped yesterday (within the late-logging window), or is refused with the reason', async () => {
    const { admin, rep } = await createRepWithAdmin(t);
    t.setNow(tickingClock(TODAY_NOON));
    await setLateLoggingDays(t, admin.companyId, 0);
    const yesterday = { ...call, clientKey: crypto.randomUUID(), localDate: '2026-11-19', time: '16:40' };
    const refused = await post(rep, yesterday);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('outside_logging_window');

    await setLateLoggingDays(t, admin.companyId, 1);
    const landed = await logActivity(t, rep, yesterday);
    expect(landed).toMatchObject({ localDate: '2026-11-19', loggedLate: true, createdAt: '2026-11-19T15:40:00.000Z' });
    expect(await findDayStats(t, rep, '2026-11-19')).toMatchObject({ calls: 1 });
  });

  it('earns the 20-call bonus on the 20th call sent late exactly as the live one did', async () => {
    const pair = await Promise.all([createRepWithAdmin(t), createRepWithAdmin(t)]);
    const live = pair[0].rep;
    const offline = pair[1].rep;
    t.setNow(tickingClock('2026-11-20T07:00:00Z'));
    for (let i = 0; i < 19; i++) {
      await logActivity(t, live, call);
      await logActivity(t, offline, call);
    }
    // 09:30 in Oslo: the live rep's 20th call goes at once; the other's is tapped without a
    // connection and sent at noon, with its key and its time.
    const liveTwentieth = await logActivity(t, live, call);
    t.setNow(tickingClock(TODAY_NOON));
    const lateTwentieth = await logActivity(t, offline, { ...call, clientKey: crypto.randomUUID(), localDate: TODAY, time: '08:30' });
    expect(liveTwentieth).toMatchObject({ dailyBonus: true, pointsEarned: 5 });
    expect(lateTwentieth).toMatchObject({ dailyBonus: true, pointsEarned: 5, localDate: TODAY, loggedLate: false });
    expect(await findDayStats(t, offline, TODAY)).toEqual({ ...(await findDayStats(t, live, TODAY)), user_id: offline.id });
    await expectRollupsExact(t, offline.companyId);
  });
});
