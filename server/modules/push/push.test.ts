import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError, PushMessage, PushPreferences, PushPublicKey, PushSettings } from '@core/contracts';
import { DEFAULT_PUSH_PREFERENCES } from '@core/push';
import { toCompanyId, toUserId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type FakeBrowser, type LocalPushService, startLocalPushService } from './local-push-service.test-support';
import { claimVapidKeys } from './push.repository';
import { queueDueReminders } from './push.service';

/*
 * Push notifications (decision 055), end to end on the server: a member's browser subscribes, a
 * change queues a notification in its transaction, the worker sends it to a push service on this
 * machine, and the message decrypts (as the browser would) to the text in the member's language.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let pushService: LocalPushService;
let admin: Member;
let rep: Member;
let peer: Member;
let outsider: Member;
let repPhone: FakeBrowser;
let peerPhone: FakeBrowser;

// Wednesday 25 November 2026; Oslo is UTC+1.
const at = (iso: string) => t.setNow(() => new Date(iso));

const errorOf = async (response: Response) => ((await response.json()) as ApiError).error;
async function ok<T>(response: Response, status = 200): Promise<T> {
  if (response.status !== status) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
const settingsOf = (member: Member) => t.request('/api/v1/me/push', { as: member }).then((r) => ok<PushSettings>(r));
const subscribe = (member: Member, browser: FakeBrowser, userAgent = 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36') =>
  t.request('/api/v1/me/push/subscriptions', {
    method: 'POST',
    as: member,
    json: browser.subscription,
    headers: { 'user-agent': userAgent },
  });
const setPreferences = (member: Member, preferences: Partial<PushPreferences>) =>
  t.request('/api/v1/me/push/preferences', { method: 'PUT', as: member, json: { ...DEFAULT_PUSH_PREFERENCES, ...preferences } });

/** Runs the worker's rounds until nothing is due; returns the messages the push service got meanwhile, decrypted for `browser`. */
async function deliver(browser: FakeBrowser): Promise<PushMessage[]> {
  const before = pushService.received.length;
  while ((await t.deps.push.runDue()) > 0);
  return pushService.received
    .slice(before)
    .filter((push) => push.path === new URL(browser.subscription.endpoint).pathname)
    .map((push) => browser.decrypt(push) as PushMessage);
}

async function outboxOf(member: Member) {
  return withTenant(t.db, { companyId: toCompanyId(member.companyId), userId: toUserId(member.id) }, async (tx) => {
    const result = await tx.execute(
      sql`SELECT kind, status, outcome FROM push_outbox WHERE user_id = ${member.id} ORDER BY created_at, kind`,
    );
    return (result as unknown as { rows: { kind: string; status: string; outcome: string | null }[] }).rows;
  });
}

async function saveWrapup(member: Member): Promise<string> {
  const response = await t.request('/api/v1/wrapups/today', {
    method: 'PUT',
    as: member,
    json: { calls: 1, meetings: 0, sales: 0, points: 0, good: 'Good calls', improve: null },
  });
  return (await ok<{ wrapup: { id: string } }>(response)).wrapup.id;
}
const comment = async (as: Member, wrapupId: string, body: string) =>
  ok(await t.request(`/api/v1/coaching/wrapups/${wrapupId}/comments`, { method: 'POST', as, json: { body } }), 201);

beforeAll(async () => {
  t = await createTestApp();
  pushService = await startLocalPushService();
  at('2026-11-25T09:00:00Z');
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
  peer = await t.createMember({ companyId: admin.companyId, name: 'Per Peer' });
  outsider = await t.createMember({ role: 'admin', name: 'Otto Outsider' });
  repPhone = pushService.createBrowser('rita-phone');
  peerPhone = pushService.createBrowser('per-phone');
  await ok(await subscribe(rep, repPhone));
  await ok(await subscribe(peer, peerPhone));
});

afterAll(async () => {
  await t.close();
  await pushService.close();
});

beforeEach(async () => {
  at('2026-11-25T09:00:00Z');
  // Drain anything a previous test left queued.
  while ((await t.deps.push.runDue()) > 0);
});

describe('the VAPID key', () => {
  it('is made once and kept: every instance and every call serves the same public key', async () => {
    const first = await ok<PushPublicKey>(await t.request('/api/v1/push/public-key', { as: rep }));
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65); // an uncompressed P-256 point
    expect(await ok<PushPublicKey>(await t.request('/api/v1/push/public-key', { as: outsider }))).toEqual(first);
    // A second instance racing to make its own pair keeps the stored one.
    const raced = await claimVapidKeys(t.db, { publicKey: 'other-public', privateKey: 'other-private' });
    expect(raced.publicKey).toBe(first.publicKey);
  });

  it('is for members only', async () => {
    expect((await t.request('/api/v1/push/public-key')).status).toBe(401);
  });
});

describe('devices and choices', () => {
  it('a member turns push on for a device once, sees only their own devices, and turns it off', async () => {
    const laptop = pushService.createBrowser('rita-laptop');
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';
    await ok(await subscribe(rep, laptop, mac));
    const again = await ok<PushSettings>(await subscribe(rep, laptop, mac));
    expect(again.devices.map((device) => device.label).sort()).toEqual(['Chrome · Android', 'Safari · macOS']);
    expect((await settingsOf(peer)).devices.map((device) => device.label)).toEqual(['Chrome · Android']);
    expect((await settingsOf(outsider)).devices).toEqual([]);

    // Another company's member cannot turn Rita's device off, even knowing its endpoint.
    await ok(
      await t.request('/api/v1/me/push/subscriptions/remove', {
        method: 'POST',
        as: outsider,
        json: { endpoint: laptop.subscription.endpoint },
      }),
    );
    expect((await settingsOf(rep)).devices).toHaveLength(2);
    const off = await ok<PushSettings>(
      await t.request('/api/v1/me/push/subscriptions/remove', {
        method: 'POST',
        as: rep,
        json: { endpoint: laptop.subscription.endpoint },
      }),
    );
    expect(off.devices.map((device) => device.label)).toEqual(['Chrome · Android']);
  });

  it('refuses an endpoint that is not a web address, and one inside the network outside localhost', async () => {
    const bad = await t.request('/api/v1/me/push/subscriptions', {
      method: 'POST',
      as: rep,
      json: { endpoint: 'ftp://example.com/x', keys: { p256dh: 'a', auth: 'b' } },
    });
    expect(bad.status).toBe(400);
    const internal = await t.request('/api/v1/me/push/subscriptions', {
      method: 'POST',
      as: rep,
      json: { endpoint: 'http://10.0.0.5/push', keys: { p256dh: 'a', auth: 'b' } },
    });
    expect(internal.status).toBe(400);
    expect((await errorOf(internal)).code).toBe('push_endpoint_refused');
  });

  it('choices start at the defaults, save, and quiet hours need both ends', async () => {
    expect((await settingsOf(outsider)).preferences).toEqual(DEFAULT_PUSH_PREFERENCES);
    const saved = await ok<PushSettings>(await setPreferences(outsider, { badgeEarned: false, quietFrom: '22:00', quietTo: '07:00' }));
    expect(saved.preferences).toMatchObject({ badgeEarned: false, quietFrom: '22:00', quietTo: '07:00' });
    const half = await setPreferences(outsider, { quietFrom: '22:00', quietTo: null });
    expect(half.status).toBe(400);
    expect((await errorOf(half)).details).toHaveProperty('quietTo');
    expect((await setPreferences(outsider, { reminderTime: '25:00' })).status).toBe(400);
  });
});

describe('what is sent', () => {
  it('a comment on my wrap-up reaches my phone in my language; the writer’s own comment does not', async () => {
    await ok(await t.request('/api/v1/me/profile', { method: 'PATCH', as: rep, json: { language: 'nb' } }));
    const wrapupId = await saveWrapup(rep);
    await comment(admin, wrapupId, 'Sterk dag, Rita. Hold trykket oppe i morgen!');
    await comment(rep, wrapupId, 'Takk!');
    const messages = await deliver(repPhone);
    expect(messages).toEqual([
      {
        kind: 'wrapup_comment',
        title: 'Ada Admin kommenterte oppsummeringen din',
        body: 'Sterk dag, Rita. Hold trykket oppe i morgen!',
        url: `/app/coaching/wrapups/${wrapupId}`,
        tag: `wrapup-${wrapupId}`,
      },
    ]);
    // The push service was asked as Web Push asks: encrypted, with a VAPID signature and a lifetime.
    const request = pushService.received.at(-1)!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(String(request.headers.authorization)).toMatch(/^vapid t=.+, k=.+$/);
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    await ok(await t.request('/api/v1/me/profile', { method: 'PATCH', as: rep, json: { language: 'en' } }));
  });

  it('a switched-off kind and quiet hours drop the notification (it is not kept for later)', async () => {
    const wrapupId = await saveWrapup(peer);
    await ok(await setPreferences(peer, { wrapupComment: false }));
    await comment(admin, wrapupId, 'One');
    expect(await deliver(peerPhone)).toEqual([]);

    // Quiet from 09:00 to 17:00 Oslo time; it is 10:00 there.
    await ok(await setPreferences(peer, { quietFrom: '09:00', quietTo: '17:00' }));
    await comment(admin, wrapupId, 'Two');
    expect(await deliver(peerPhone)).toEqual([]);
    at('2026-11-25T17:00:00Z'); // 18:00 in Oslo: the quiet hours are over, and nothing comes late
    expect(await deliver(peerPhone)).toEqual([]);
    expect((await outboxOf(peer)).map((row) => [row.status, row.outcome])).toEqual([
      ['dropped', 'switched_off'],
      ['dropped', 'quiet_hours'],
    ]);
    await comment(admin, wrapupId, 'Three');
    expect((await deliver(peerPhone)).map((message) => message.body)).toEqual(['Three']);
    await ok(await setPreferences(peer, {}));
  });

  it('a badge reaches its member', async () => {
    const response = await t.request('/api/v1/activities', { method: 'POST', as: peer, json: { kind: 'sale', ticketSize: 1000 } });
    expect(response.status).toBe(201);
    const messages = await deliver(peerPhone);
    expect(messages).toEqual([
      expect.objectContaining({ kind: 'badge_earned', body: 'You earned the badge “First sale”.', url: '/app/activity' }),
    ]);
    expect(await deliver(repPhone)).toEqual([]);
  });

  it('a contest’s start reaches its participants only', async () => {
    const contest = await ok<{ id: string }>(
      await t.request('/api/v1/contests', {
        method: 'POST',
        as: admin,
        json: {
          name: 'Friday blitz',
          startsOn: '2026-11-27',
          endsOn: '2026-11-27',
          participants: 'people',
          userIds: [rep.id, admin.id],
          mode: 'individual',
          weights: [{ metric: 'calls', weight: 1 }],
          prizes: '',
        },
      }),
      201,
    );
    at('2026-11-27T07:00:00Z');
    await t.deps.contests.runDue();
    const before = pushService.received.length;
    expect(await deliver(repPhone)).toEqual([
      {
        kind: 'contest_started',
        title: 'The contest has started',
        body: 'Friday blitz is on. Good luck!',
        url: `/app/contests/${contest.id}`,
        tag: `contest-${contest.id}`,
      },
    ]);
    // Per is not in it; the admin has no device.
    expect(pushService.received.slice(before).map((push) => push.path)).toEqual(['/push/rita-phone']);
  });

  it('a device the push service says is gone (410) is removed', async () => {
    const old = pushService.createBrowser('per-old-tablet');
    await ok(await subscribe(peer, old));
    pushService.answer('/push/per-old-tablet', 410);
    const wrapupId = await saveWrapup(peer);
    await comment(admin, wrapupId, 'Nice');
    expect((await deliver(peerPhone)).map((message) => message.body)).toEqual(['Nice']);
    expect((await settingsOf(peer)).devices.map((device) => device.label)).toEqual(['Chrome · Android']);
  });

  it('a failing push service is tried again later, then given up', async () => {
    const flaky = pushService.createBrowser('flaky');
    const member = await t.createMember({ companyId: admin.companyId, name: 'Fred Flaky' });
    await ok(await subscribe(member, flaky));
    pushService.answer('/push/flaky', 503);
    const wrapupId = await saveWrapup(member);
    await comment(admin, wrapupId, 'Hello');
    await deliver(flaky);
    expect((await outboxOf(member)).map((row) => row.status)).toEqual(['pending']);
    pushService.answer('/push/flaky', 201);
    at('2026-11-25T09:01:00Z');
    expect((await deliver(flaky)).map((message) => message.body)).toEqual(['Hello']);
    expect((await outboxOf(member)).map((row) => row.status)).toEqual(['sent']);
  });
});

describe('the wrap-up reminder', () => {
  let member: Member;
  let phone: FakeBrowser;

  beforeAll(async () => {
    member = await t.createMember({ companyId: admin.companyId, name: 'Rolf Reminder' });
    phone = pushService.createBrowser('rolf-phone');
    await ok(await subscribe(member, phone));
    // 15:30 Oslo, in quiet hours: the reminder is the member's own choice of time, so it still comes.
    await ok(await setPreferences(member, { wrapupReminder: true, reminderTime: '15:30', quietFrom: '15:00', quietTo: '23:00' }));
  });

  it('comes at the chosen time on a working day, once', async () => {
    at('2026-11-30T14:29:00Z'); // Monday 15:29 in Oslo
    expect(await deliver(phone)).toEqual([]);
    at('2026-11-30T14:30:00Z');
    expect(await deliver(phone)).toEqual([
      expect.objectContaining({ kind: 'wrapup_reminder', title: "Time for today's wrap-up", url: '/app/wrapup' }),
    ]);
    at('2026-11-30T14:45:00Z');
    expect(await deliver(phone)).toEqual([]);
    // Another instance queueing the same day's reminders adds nothing: one per member and day.
    await queueDueReminders(t.db, new Date('2026-11-30T14:46:00Z'));
    expect(await deliver(phone)).toEqual([]);
    expect((await outboxOf(member)).map((row) => [row.kind, row.status])).toEqual([['wrapup_reminder', 'sent']]);
  });

  it('is looked for at the next chosen time, not every minute', async () => {
    // After Monday's, the next is Tuesday's 15:30: the minutes between are not looked at.
    expect(await queueDueReminders(t.db, new Date('2026-11-30T14:45:00Z'))).toEqual(new Date('2026-12-01T14:30:00Z'));
  });

  it('does not come on a weekend or a public holiday', async () => {
    // The test's clock jumps back and forth: the worker reads its schedule again each time.
    at('2026-11-28T14:30:00Z'); // Saturday
    t.deps.push.reschedule();
    expect(await deliver(phone)).toEqual([]);
    at('2026-12-25T14:30:00Z'); // Christmas Day, a Friday: a public holiday in Norway
    t.deps.push.reschedule();
    expect(await deliver(phone)).toEqual([]);
  });

  it('does not come when the wrap-up is written', async () => {
    at('2026-12-01T10:00:00Z');
    await saveWrapup(member);
    at('2026-12-01T14:31:00Z');
    t.deps.push.reschedule();
    expect(await deliver(phone)).toEqual([]);
  });

  it('comes at once when the member picks a time that passed a moment ago (the change is announced to the worker)', async () => {
    at('2026-12-02T14:10:00Z'); // Wednesday 15:10 in Oslo, before the 15:30 reminder
    t.deps.push.reschedule();
    expect(await deliver(phone)).toEqual([]);
    await ok(await setPreferences(member, { wrapupReminder: true, reminderTime: '15:00', quietFrom: '15:00', quietTo: '23:00' }));
    at('2026-12-02T14:11:00Z');
    expect(await deliver(phone)).toEqual([expect.objectContaining({ kind: 'wrapup_reminder' })]);
  });
});

describe('the outbox', () => {
  it('forgets a finished notification after 14 days, sent or dropped, and keeps it until then', async () => {
    const member = await t.createMember({ companyId: admin.companyId, name: 'Olga Outbox' });
    const phone = pushService.createBrowser('olga-phone');
    await ok(await subscribe(member, phone));
    const wrapupId = await saveWrapup(member);
    await comment(admin, wrapupId, 'First');
    expect((await deliver(phone)).map((message) => message.body)).toEqual(['First']);
    await ok(await setPreferences(member, { wrapupComment: false }));
    await comment(admin, wrapupId, 'Second');
    await deliver(phone);
    expect((await outboxOf(member)).map((row) => row.status).sort()).toEqual(['dropped', 'sent']);

    at('2026-12-08T09:00:00Z'); // 13 days on
    await deliver(phone);
    expect(await outboxOf(member)).toHaveLength(2);

    at('2026-12-10T10:00:00Z'); // 15 days on
    await deliver(phone);
    expect(await outboxOf(member)).toEqual([]);
  });
});
