import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Feed, WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@core/contracts';
import { addDays, toLocalDate } from '@core/period';
import { findRecentMail } from '../../mail/mailer';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { withActivityDay } from '../activities/activities.service';
import { describeSale } from '../activities/activities.test-support';
import { startWebhookReceiver } from './webhook-receiver.test-support';
import { recordWebhookEvents } from './webhooks.service';
import { computeNextWebhookAttempt, createWebhookWorker } from './webhooks.worker';

/*
 * Signed webhooks end to end on the real database: admins register endpoints through the API, the
 * product's own changes queue events in their transactions, and the delivery worker's rounds (run
 * by hand, with the clock moved instead of waited for) send them to a receiver on this machine.
 */

type Member = TestUser & { companyId: string };

let t: TestApp;
let admin: Member;
let rep: Member;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let clock = new Date();

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(async () => {
  clock = new Date();
  receiver.received.length = 0;
  receiver.respond(() => ({ status: 200, body: 'ok' }));
  t.deps.outboundTargets.production = false;
  // Each test starts with no endpoints (and so no deliveries) in the company.
  const listed = await t.request('/api/v1/admin/webhooks', { as: admin });
  for (const endpoint of ((await listed.json()) as { endpoints: WebhookEndpoint[] }).endpoints) {
    await t.request(`/api/v1/admin/webhooks/${endpoint.id}`, { method: 'DELETE', as: admin });
  }
});
afterEach(() => {
  t.deps.outboundTargets.resolveHost = (host) => import('node:dns/promises').then((dns) => dns.lookup(host, { all: true }));
});

async function createEndpoint(input: { url?: string; events?: string[]; description?: string } = {}): Promise<WebhookEndpointWithSecret> {
  const response = await t.request('/api/v1/admin/webhooks', {
    method: 'POST',
    as: admin,
    json: { url: input.url ?? receiver.url(), events: input.events ?? ['activity.created'], description: input.description ?? 'CRM' },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as WebhookEndpointWithSecret;
}

async function logCall(as: Member = rep, outcome = 'no_progress'): Promise<{ id: string }> {
  const response = await t.request('/api/v1/activities', { method: 'POST', as, json: { kind: 'call', answered: true, outcome } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string };
}

async function deliveriesOf(endpointId: string): Promise<WebhookDelivery[]> {
  const response = await t.request(`/api/v1/admin/webhooks/${endpointId}/deliveries`, { as: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { deliveries: WebhookDelivery[] }).deliveries;
}

const bodyOf = (index: number) =>
  JSON.parse(receiver.received[index]!.body) as {
    type: string;
    timestamp: string;
    data: Record<string, unknown>;
    member?: { id: string; name: string | null; email: string };
  };

/** Hands the log's events to the followers after commit (the deliveries), then sends until nothing more is due now. */
async function deliverAll(): Promise<void> {
  await t.deps.events.runDue();
  while ((await t.deps.webhooks.runDue()) > 0);
}

describe('endpoints', () => {
  it('an admin registers an endpoint and gets a whsec_ signing secret, which rotates', async () => {
    const endpoint = await createEndpoint({ events: ['sale.created', 'activity.created'] });
    expect(endpoint).toMatchObject({ kind: 'webhook', url: receiver.url(), description: 'CRM', enabled: true, disabledReason: null });
    expect(endpoint.events).toEqual(['activity.created', 'sale.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const rotated = await t.request(`/api/v1/admin/webhooks/${endpoint.id}/rotate-secret`, { method: 'POST', as: admin });
    const after = (await rotated.json()) as WebhookEndpointWithSecret;
    expect(after.secret).toMatch(/^whsec_/);
    expect(after.secret).not.toBe(endpoint.secret);
  });

  it('shows the signing secret only when adding and rotating: lists, reads and changes leave it out', async () => {
    const endpoint = await createEndpoint({ description: 'Secret keeper' });
    const listed = (await (await t.request('/api/v1/admin/webhooks', { as: admin })).json()) as { endpoints: WebhookEndpoint[] };
    const read = await (await t.request(`/api/v1/admin/webhooks/${endpoint.id}`, { as: admin })).text();
    const changed = await (
      await t.request(`/api/v1/admin/webhooks/${endpoint.id}`, { method: 'PATCH', as: admin, json: { description: 'Renamed' } })
    ).text();
    expect(listed.endpoints.find((each) => each.id === endpoint.id)).toBeDefined();
    for (const answer of [JSON.stringify(listed), read, changed]) {
      expect(answer).not.toContain('"secret"');
      expect(answer).not.toContain(endpoint.secret);
    }
  });

  it('refuses bad input with field messages', async () => {
    for (const json of [
      { url: receiver.url(), events: [] },
      { url: receiver.url(), events: ['activity.exploded'] },
      { url: 'not a url', events: ['activity.created'] },
      { url: 'ftp://example.com/x', events: ['activity.created'] },
    ]) {
      const response = await t.request('/api/v1/admin/webhooks', { method: 'POST', as: admin, json });
      expect(response.status, JSON.stringify(json)).toBe(400);
    }
  });

  it('a rep may not see or manage endpoints (403)', async () => {
    expect((await t.request('/api/v1/admin/webhooks', { as: rep })).status).toBe(403);
    const create = await t.request('/api/v1/admin/webhooks', {
      method: 'POST',
      as: rep,
      json: { url: receiver.url(), events: ['activity.created'] },
    });
    expect(create.status).toBe(403);
  });
  it('a PATCH changes only the fields it names: renaming a turned-off endpoint leaves it off; an empty PATCH is refused', async () => {
    const endpoint = await createEndpoint({ description: 'CRM' });
    const patch = (json: object) => t.request(`/api/v1/admin/webhooks/${endpoint.id}`, { method: 'PATCH', as: admin, json });
    expect((await patch({ enabled: false })).status).toBe(200);
    const renamed = await patch({ description: 'CRM (paused)' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ description: 'CRM (paused)', enabled: false });
    const switched = await patch({ enabled: true });
    expect(await switched.json()).toMatchObject({ description: 'CRM (paused)', enabled: true });
    const empty = await patch({});
    expect(empty.status).toBe(400);
  });

  it("notes each endpoint change in the company's audit log: host and events, never the URL's path or the secret", async () => {
    const url = `${receiver.url()}/hooks/secret-path-token`;
    const host = new URL(url).host;
    // A second between steps, so the log's newest-first order is the order of the steps.
    const step = () => (clock = new Date(clock.getTime() + 1000));
    const endpoint = await createEndpoint({ url, events: ['sale.created'] });
    const patch = (json: object) => t.request(`/api/v1/admin/webhooks/${endpoint.id}`, { method: 'PATCH', as: admin, json });
    step();
    expect((await patch({ enabled: false, description: 'CRM sync' })).status).toBe(200);
    step();
    // A save that changes nothing records nothing.
    expect((await patch({ enabled: false })).status).toBe(200);
    step();
    expect((await t.request(`/api/v1/admin/webhooks/${endpoint.id}/rotate-secret`, { method: 'POST', as: admin })).status).toBe(200);
    step();
    expect((await t.request(`/api/v1/admin/webhooks/${endpoint.id}`, { method: 'DELETE', as: admin })).status).toBe(200);

    const response = await t.request('/api/v1/admin/audit-log?limit=100', { as: admin });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { entries: { action: string; target: { type: string; id: string } | null }[] };
    const entries = page.entries.filter((entry) => entry.target?.id === endpoint.id);
    const target = { type: 'webhook', id: endpoint.id };
    expect(entries).toMatchObject([
      { action: 'webhook.deleted', actor: { id: admin.id }, target, details: { kind: 'webhook', host } },
      { action: 'webhook.secret_rotated', actor: { id: admin.id }, target, details: { host } },
      { action: 'webhook.changed', target, details: { kind: 'webhook', host, fields: ['enabled', 'description'], enabled: false } },
      { action: 'webhook.created', target, details: { kind: 'webhook', host, events: ['sale.created'] } },
    ]);
    expect(entries).toHaveLength(4);
    expect(JSON.stringify(entries)).not.toContain('secret-path-token');
    expect(JSON.stringify(entries)).not.toContain(endpoint.secret!.slice(6));
  });
});

describe('delivery', () => {
  it('signs each delivery so that the standardwebhooks verifier accepts it with the endpoint secret', async () => {
    const endpoint = await createEndpoint();
    const activity = await logCall();
    await deliverAll();

    expect(receiver.received).toHaveLength(1);
    const request = receiver.received[0]!;
    const headers = {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    };
    expect(request.headers['content-type']).toBe('application/json');
    const verified = new Webhook(endpoint.secret).verify(request.body, headers) as { type: string; data: { id: string } };
    expect(verified.type).toBe('activity.created');
    expect(verified.data.id).toBe(activity.id);
    expect(bodyOf(0)).toMatchObject({ type: 'activity.created', data: { id: activity.id, kind: 'call', userId: rep.id } });
    // Another secret does not verify it.
    const other = `whsec_${Buffer.from('x'.repeat(24)).toString('base64')}`;
    expect(() => new Webhook(other).verify(request.body, headers)).toThrow();

    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: 'ok',
      eventType: 'activity.created',
    });
    expect(headers['webhook-id']).toBe(delivery!.id);
  });

  it('queues the events of the product changes an endpoint subscribes to, and only those', async () => {
    await createEndpoint({
      events: [
        'activity.created',
        'activity.updated',
        'activity.deleted',
        'sale.created',
        'goal.reached',
        'wrapup.submitted',
        'member.joined',
      ],
    });
    const goals = await t.request('/api/v1/goals/me', { method: 'PUT', as: rep, json: { dailyCalls: 0, dailyMeetings: 0, dailySales: 1 } });
    expect(goals.status).toBe(200);
    const sale = await t.request('/api/v1/activities', {
      method: 'POST',
      as: rep,
      json: { kind: 'sale', ticketSize: 1200, productName: 'Pro' },
    });
    const saleId = ((await sale.json()) as { id: string }).id;
    const edit = await t.request(`/api/v1/activities/${saleId}`, { method: 'PATCH', as: rep, json: { notes: 'Signed' } });
    expect(edit.status).toBe(200);
    expect((await t.request(`/api/v1/activities/${saleId}`, { method: 'DELETE', as: rep })).status).toBe(200);
    const wrapup = await t.request('/api/v1/wrapups/today', {
      method: 'PUT',
      as: rep,
      json: { calls: 1, meetings: 0, sales: 1, points: 10, good: 'Closed one', improve: '' },
    });
    expect(wrapup.status).toBe(200);
    const newcomer = await t.createMember({ companyId: admin.companyId, name: 'Nina New' });
    clock = new Date(); // joining is stamped with the wall clock (it takes no injected clock)
    await deliverAll();

    expect(receiver.received.map((_, i) => bodyOf(i).type)).toEqual([
      'activity.created',
      'sale.created',
      'goal.reached',
      'activity.updated',
      'activity.deleted',
      'wrapup.submitted',
      'member.joined',
    ]);
    expect(bodyOf(2).data).toMatchObject({ userId: rep.id, goal: 'sales', target: 1, activityId: saleId });
    expect(bodyOf(3).data).toMatchObject({ id: saleId, notes: 'Signed' });
    expect(bodyOf(4).data).toMatchObject({ id: saleId, kind: 'sale' });
    expect(bodyOf(5).data).toMatchObject({ userId: rep.id, calls: 1, good: 'Closed one', created: true });
    expect(bodyOf(6).data).toMatchObject({ userId: newcomer.id, role: 'user', displayName: 'Nina New' });
    // Each names the member it is about, so a receiver need not look the id up.
    for (const index of [0, 1, 2, 3, 4, 5]) expect(bodyOf(index).member).toEqual({ id: rep.id, name: 'Rita Rep', email: rep.email });
    expect(bodyOf(6).member).toEqual({ id: newcomer.id, name: 'Nina New', email: newcomer.email });
    await t.request('/api/v1/goals/me', { method: 'PUT', as: rep, json: { dailyCalls: 0, dailyMeetings: 0, dailySales: 0 } });
  });

  it('an edit that reaches a daily goal sends goal.reached, as a log would: a call changed to a booked meeting', async () => {
    await createEndpoint({ events: ['goal.reached'] });
    const member = await t.createMember({ companyId: admin.companyId, name: 'Gina Goal' });
    expect(
      (await t.request('/api/v1/goals/me', { method: 'PUT', as: member, json: { dailyCalls: 0, dailyMeetings: 1, dailySales: 0 } })).status,
    ).toBe(200);
    const call = await logCall(member, 'no_progress');
    await deliverAll();
    expect(receiver.received).toHaveLength(0);

    const edit = await t.request(`/api/v1/activities/${call.id}`, { method: 'PATCH', as: member, json: { outcome: 'meeting_booked' } });
    expect(edit.status).toBe(200);
    await deliverAll();
    expect(receiver.received.map((_, i) => bodyOf(i).type)).toEqual(['goal.reached']);
    expect(bodyOf(0).data).toMatchObject({ userId: member.id, goal: 'meetings', target: 1, activityId: call.id });

    // Edited again (notes): the goal was reached already, nothing more.
    await t.request(`/api/v1/activities/${call.id}`, { method: 'PATCH', as: member, json: { notes: 'Demo on Friday' } });
    await deliverAll();
    expect(receiver.received).toHaveLength(1);
  });

  it("a log of an own type that reaches the member's daily goal on it sends goal.reached once, naming the type (decision 106); the feed says so too", async () => {
    await createEndpoint({ events: ['goal.reached'] });
    const member = await t.createMember({ companyId: admin.companyId, name: 'Tor Type' });
    const created = await t.request('/api/v1/activity-types', {
      method: 'POST',
      as: admin,
      json: { names: { en: 'Dial' }, icon: 'phone-call', colour: 'blue', points: 1, outcomes: [], fields: [], bonus: null },
    });
    const typeId = ((await created.json()) as { id: string }).id;
    const goals = { dailyCalls: 0, dailyMeetings: 0, dailySales: 0, types: { [typeId]: 2 } };
    expect((await t.request('/api/v1/goals/me', { method: 'PUT', as: member, json: goals })).status).toBe(200);
    const logged: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await t.request('/api/v1/activities', { method: 'POST', as: member, json: { kind: 'custom', typeId } });
      expect(response.status).toBe(201);
      logged.push(((await response.json()) as { id: string }).id);
    }
    await deliverAll();
    // The second reaches it; the first falls short and the third is past it.
    expect(receiver.received.map((_, i) => bodyOf(i).type)).toEqual(['goal.reached']);
    expect(bodyOf(0).data).toMatchObject({ userId: member.id, goal: 'type', typeId, target: 2, activityId: logged[1] });
    const feed = (await (await t.request('/api/v1/feed?limit=20', { as: admin })).json()) as Feed;
    const reached = feed.items.filter(
      (item) => item.type === 'event' && item.event.kind === 'goal.reached' && item.event.userId === member.id,
    );
    expect(reached.map((item) => item.type === 'event' && item.event.data)).toEqual([
      expect.objectContaining({ goal: 'type', typeId, target: 2 }),
    ]);
  });

  it('an own type moved onto a day where it reaches the daily goal on it sends goal.reached there, as a log would', async () => {
    await createEndpoint({ events: ['goal.reached'] });
    const member = await t.createMember({ companyId: admin.companyId, name: 'Mona Move' });
    const created = await t.request('/api/v1/activity-types', {
      method: 'POST',
      as: admin,
      json: { names: { en: 'Knock' }, icon: 'phone-call', colour: 'green', points: 1, outcomes: [], fields: [], bonus: null },
    });
    const typeId = ((await created.json()) as { id: string }).id;
    const goals = { dailyCalls: 0, dailyMeetings: 0, dailySales: 0, types: { [typeId]: 2 } };
    expect((await t.request('/api/v1/goals/me', { method: 'PUT', as: member, json: goals })).status).toBe(200);
    const log = async (json: Record<string, unknown>) => {
      const response = await t.request('/api/v1/activities', { method: 'POST', as: member, json: { kind: 'custom', typeId, ...json } });
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; localDate: string };
    };
    const today = (await log({})).localDate;
    const late = await log({ localDate: addDays(toLocalDate(today), -1) });
    await deliverAll();
    expect(receiver.received).toHaveLength(0);
    // Yesterday's knock moved onto today: today holds two, the goal.
    const moved = await t.request(`/api/v1/activities/${late.id}`, { method: 'PATCH', as: member, json: { localDate: today } });
    expect(moved.status).toBe(200);
    await deliverAll();
    expect(receiver.received.map((_, i) => bodyOf(i).type)).toEqual(['goal.reached']);
    expect(bodyOf(0).data).toMatchObject({ userId: member.id, goal: 'type', typeId, target: 2, activityId: late.id, localDate: today });
    // Edited in place afterwards: the goal was reached already, nothing more.
    const back = await t.request(`/api/v1/activities/${late.id}`, { method: 'PATCH', as: member, json: { notes: 'Door 14' } });
    expect(back.status).toBe(200);
    await deliverAll();
    expect(receiver.received).toHaveLength(1);
  });

  it('a disabled endpoint, or one that does not subscribe, gets nothing', async () => {
    const off = await createEndpoint();
    await t.request(`/api/v1/admin/webhooks/${off.id}`, { method: 'PATCH', as: admin, json: { enabled: false } });
    const elsewhere = await createEndpoint({ events: ['member.joined'] });
    await logCall();
    await deliverAll();
    expect(receiver.received).toHaveLength(0);
    expect(await deliveriesOf(off.id)).toEqual([]);
    expect(await deliveriesOf(elsewhere.id)).toEqual([]);
  });

  it('a rolled-back write sends nothing', async () => {
    const endpoint = await createEndpoint();
    const scope = { companyId: rep.companyId, userId: rep.id } as Parameters<typeof withActivityDay>[1];
    const failed = withActivityDay({ db: t.db, lookups: t.deps.activityLookups }, scope, '2026-11-24', async (day) => {
      await day.insertActivity({
        type: 'email',
        meetingBooked: false,
        movedForward: false,
        customerId: null,
        customerName: null,
        ticketSize: null,
        productName: null,
        notes: null,
        pointsEarned: 1,
        dailyBonus: false,
        bonusPoints: 0,
        createdAt: clock,
      });
      await day.publish(
        [{ type: 'activity.logged', activity: describeSale(admin.id, 100), actorId: admin.id, today: '2026-11-24' }],
        clock,
      );
      throw new Error('the change fails after recording its event');
    });
    await expect(failed).rejects.toThrow('the change fails');
    await deliverAll();
    expect(receiver.received).toHaveLength(0);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });

  it('retries with backoff for a day, then gives up, turns the endpoint off and tells the admins in their language', async () => {
    const norwegian = await t.createMember({ companyId: admin.companyId, role: 'admin', name: 'Nils Admin' });
    await t.db.execute(sql`UPDATE "user" SET locale = 'nb' WHERE id = ${norwegian.id}`);
    const endpoint = await createEndpoint({ url: receiver.url('/failing') });
    receiver.respond(() => ({ status: 503, body: 'down for maintenance' }));
    const start = new Date('2026-11-24T09:00:00Z');
    clock = start;
    await logCall();

    const at = (ms: number) => new Date(start.getTime() + ms);
    const seconds = (n: number) => n * 1000;
    // The attempt times: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, and a day after the first.
    const schedule = [0, 5, 305, 2105, 9305, 27305, 63305, 86400].map(seconds);
    for (const [index, when] of schedule.entries()) {
      clock = at(when - 1);
      if (index > 0) expect(await t.deps.webhooks.runDue(), `nothing is due just before attempt ${index + 1}`).toBe(0);
      clock = at(when);
      expect(await t.deps.webhooks.runDue(), `attempt ${index + 1}`).toBe(1);
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ attempts: index + 1, responseStatus: 503, responseExcerpt: 'down for maintenance' });
      if (index < schedule.length - 1) {
        expect(delivery!.status).toBe('pending');
        expect(delivery!.nextAttemptAt).toBe(at(schedule[index + 1]!).toISOString());
      } else {
        expect(delivery!.status).toBe('failed');
        expect(delivery!.nextAttemptAt).toBeNull();
      }
    }
    expect(receiver.received).toHaveLength(schedule.length);

    const after = (await (await t.request(`/api/v1/admin/webhooks/${endpoint.id}`, { as: admin })).json()) as WebhookEndpoint;
    expect(after).toMatchObject({ enabled: false, disabledReason: 'failing' });
    // Turned off: later events are not even queued.
    await logCall();
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);

    const mails = await findRecentMail(t.db);
    const english = mails.find((mail) => mail.to === admin.email && mail.subject === 'A webhook endpoint was turned off');
    const bokmal = mails.find((mail) => mail.to === norwegian.email && mail.subject === 'Et webhook-endepunkt ble slått av');
    expect(english?.text).toContain(receiver.url('/failing'));
    expect(english?.text).toContain('HTTP 503 down for maintenance');
    expect(bokmal?.text).toContain('har feilet i et døgn');
    expect(mails.some((mail) => mail.to === rep.email && mail.subject.includes('webhook'))).toBe(false);

    // Turning it on again clears the reason.
    const on = await t.request(`/api/v1/admin/webhooks/${endpoint.id}`, { method: 'PATCH', as: admin, json: { enabled: true } });
    expect(((await on.json()) as WebhookEndpoint).disabledReason).toBeNull();
    await t.request(`/api/v1/team/members/${norwegian.id}`, { method: 'DELETE', as: admin });
  });

  it('the retry schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then a day after the first attempt, then give up', () => {
    const first = new Date('2026-11-24T00:00:00Z');
    const next = (attempts: number, nowMs: number) =>
      computeNextWebhookAttempt({ attempts, firstAttemptAt: first, now: new Date(first.getTime() + nowMs) });
    expect(next(1, 0)?.getTime()).toBe(first.getTime() + 5_000);
    expect(next(2, 5_000)?.getTime()).toBe(first.getTime() + 305_000);
    expect(next(7, 63_305_000)?.getTime()).toBe(first.getTime() + 86_400_000);
    expect(next(8, 86_400_000)).toBeNull();
  });

  it('a failing delivery waits for its retry alone: the ones behind it go out in the same round', async () => {
    const endpoint = await createEndpoint();
    const first = await logCall();
    const second = await logCall();
    const third = await logCall();
    let failures = 2;
    receiver.respond((request) =>
      (JSON.parse(request.body) as { data: { id: string } }).data.id === first.id && failures-- > 0
        ? { status: 500, body: 'not yet' }
        : { status: 204 },
    );
    const idsReceived = () => receiver.received.map((_, i) => (bodyOf(i).data as { id: string }).id);

    expect(await t.deps.webhooks.runDue()).toBe(3);
    // One round sent all three (side by side); only the first failed.
    expect(new Set(idsReceived())).toEqual(new Set([first.id, second.id, third.id]));
    const afterRound = await deliveriesOf(endpoint.id);
    expect(afterRound.map((d) => `${d.status} ${d.responseStatus}`).sort()).toEqual(['pending 500', 'succeeded 204', 'succeeded 204']);
    clock = new Date(clock.getTime() + 5_000);
    await t.deps.webhooks.runDue();
    clock = new Date(clock.getTime() + 300_000);
    await deliverAll();
    expect(idsReceived().filter((id) => id === first.id)).toHaveLength(3);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    const endpoint = await createEndpoint();
    receiver.respond((request) =>
      request.path === '/hook' ? { status: 307, headers: { location: receiver.url('/elsewhere') } } : { status: 200 },
    );
    await logCall();
    await deliverAll();
    expect(receiver.received.map((request) => request.path)).toEqual(['/hook']);
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'pending', responseStatus: 307 });
  });

  it('Resend queues a finished delivery again; Send test event queues webhook.test for one endpoint', async () => {
    const endpoint = await createEndpoint();
    await logCall();
    await deliverAll();
    const [delivery] = await deliveriesOf(endpoint.id);

    const resend = await t.request(`/api/v1/admin/webhooks/${endpoint.id}/deliveries/${delivery!.id}/resend`, {
      method: 'POST',
      as: admin,
    });
    expect(resend.status).toBe(200);
    expect(await resend.json()).toMatchObject({ id: delivery!.id, status: 'pending', attempts: 0 });
    const again = await t.request(`/api/v1/admin/webhooks/${endpoint.id}/deliveries/${delivery!.id}/resend`, { method: 'POST', as: admin });
    expect(again.status).toBe(409);
    await deliverAll();
    expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([delivery!.id, delivery!.id]);

    const test = await t.request(`/api/v1/admin/webhooks/${endpoint.id}/test`, { method: 'POST', as: admin });
    expect(test.status).toBe(202);
    await deliverAll();
    expect(bodyOf(2)).toMatchObject({ type: 'webhook.test' });
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ eventType: 'webhook.test', status: 'succeeded' });
  });
});

describe('erasing a member', () => {
  it('takes the deliveries and chat posts that carry them (notes, name) out of the queue and the log; others stay', async () => {
    const endpoint = await createEndpoint({ events: ['activity.created', 'sale.created'] });
    const slack = await t.request('/api/v1/admin/chat-integrations', {
      method: 'POST',
      as: admin,
      json: {
        platform: 'slack',
        url: receiver.url('/slack'),
        language: 'en',
        choices: { sales: true, goals: false, dailySummary: { enabled: false, localTime: '16:30' } },
      },
    });
    expect(slack.status, await slack.clone().text()).toBe(201);
    const erin = await t.createMember({ companyId: admin.companyId, name: 'Erin Erased' });
    const sale = { kind: 'sale', ticketSize: 10_000, notes: 'Erin private note' };
    expect((await t.request('/api/v1/activities', { method: 'POST', as: erin, json: sale })).status).toBe(201);
    expect((await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { ...sale, notes: 'Rita note' } })).status).toBe(201);
    const stored = async () => {
      const result = await withTenant(t.db, { companyId: toCompanyId(admin.companyId), userId: null }, (tx) =>
        tx.execute(sql`SELECT body FROM webhook_deliveries ORDER BY seq`),
      );
      return (result as unknown as { rows: { body: string }[] }).rows.map((row) => row.body).join('\n');
    };
    expect(await stored()).toContain('Erin private note');
    expect(await stored()).toContain('Erin Erased');

    const erased = await t.request(`/api/v1/team/members/${erin.id}/data`, { method: 'DELETE', as: admin });
    expect(erased.status).toBe(200);
    const left = await stored();
    expect(left).not.toContain('Erin');
    expect(left).not.toContain(erin.id);
    expect(left).toContain('Rita note');
    expect(left).toContain('Rita Rep');
    await deliverAll();
    expect(receiver.received.map((request) => request.body).join('\n')).not.toContain('Erin');
    expect(await deliveriesOf(endpoint.id)).toHaveLength(2);

    await t.request(`/api/v1/admin/chat-integrations/${((await slack.json()) as { id: string }).id}`, { method: 'DELETE', as: admin });
    // An event about the erased member queued afterwards (an admin's change to their history) does not name them.
    receiver.received.length = 0;
    await withTenant(t.db, { companyId: toCompanyId(admin.companyId), userId: null }, (tx) =>
      recordWebhookEvents(tx, toCompanyId(admin.companyId), [{ type: 'activity.created', data: { userId: erin.id } }], clock),
    );
    await deliverAll();
    expect(bodyOf(0)).toMatchObject({ type: 'activity.created', data: { userId: erin.id } });
    expect(bodyOf(0).member).toBeUndefined();
    expect(receiver.received[0]!.body).not.toContain('Erin');
  });
});

describe('where webhooks may go (SSRF)', () => {
  it('outside production: http:// only to this machine; https:// to public addresses, as in production', async () => {
    const refused = await t.request('/api/v1/admin/webhooks', {
      method: 'POST',
      as: admin,
      json: { url: 'http://example.com/hook', events: ['activity.created'] },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { details: Record<string, string> } }).error.details.url).toMatch(/localhost/);
    await createEndpoint({ url: receiver.url() });
    await createEndpoint({ url: 'http://localhost:9/hook' });
    // A development server inside an office network must not reach it either (docs/security.md).
    for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data', 'https://[fd00::1]/hook']) {
      const inside = await t.request('/api/v1/admin/webhooks', { method: 'POST', as: admin, json: { url, events: ['activity.created'] } });
      expect(inside.status, url).toBe(400);
      expect(((await inside.json()) as { error: { details: Record<string, string> } }).error.details.url).toMatch(/public addresses only/);
    }
  });

  it('in production: refuses http://, and hosts that resolve to internal addresses, at registration', async () => {
    t.deps.outboundTargets.production = true;
    const internal: Record<string, string> = {
      'private.example.test': '10.1.2.3',
      'metadata.example.test': '169.254.169.254',
      'cgnat.example.test': '100.64.0.7',
      'v6-local.example.test': 'fd12:3456::1',
      'mapped.example.test': '::ffff:127.0.0.1',
      'link-local-v6.example.test': 'fe80::1',
    };
    t.deps.outboundTargets.resolveHost = async (host) => {
      const address = internal[host] ?? '93.184.216.34';
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
    const urls = [
      receiver.url(),
      'http://hooks.example.com/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://[::ffff:a9fe:a9fe]/x',
      'https://192.168.1.10/x',
      ...Object.keys(internal).map((host) => `https://${host}/hook`),
    ];
    for (const url of urls) {
      const response = await t.request('/api/v1/admin/webhooks', {
        method: 'POST',
        as: admin,
        json: { url, events: ['activity.created'] },
      });
      expect(response.status, url).toBe(400);
    }
    const ok = await t.request('/api/v1/admin/webhooks', {
      method: 'POST',
      as: admin,
      json: { url: 'https://hooks.example.com/x', events: ['activity.created'] },
    });
    expect(ok.status).toBe(201);
  });

  it('in production: checks again at send time, where the name may now point inside', async () => {
    t.deps.outboundTargets.production = true;
    let address = '93.184.216.34';
    t.deps.outboundTargets.resolveHost = async () => [{ address, family: 4 }];
    const endpoint = await createEndpoint({ url: 'https://rebinding.example.com/hook' });
    address = '127.0.0.1';
    await logCall();
    await t.deps.webhooks.runDue();
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', responseStatus: null, attempts: 1 });
    // The log names the host the admin typed, never the address it now resolves to.
    expect(delivery!.responseExcerpt).toMatch(
      /^Not sent: rebinding\.example\.com points to a private, loopback or otherwise internal address/,
    );
    expect(delivery!.responseExcerpt).not.toContain('127.0.0.1');
    expect(receiver.received).toHaveLength(0);
  });

  it('in production: an http:// endpoint saved before is not sent to', async () => {
    const endpoint = await createEndpoint();
    t.deps.outboundTargets.production = true;
    await logCall();
    await t.deps.webhooks.runDue();
    expect(receiver.received).toHaveLength(0);
    expect((await deliveriesOf(endpoint.id))[0]!.responseExcerpt).toMatch(/^Not sent: .*https/);
  });
});

describe('the worker between deliveries', () => {
  it("a running worker waits, not spins, when what is queued is a turned-off endpoint's", async () => {
    const endpoint = await createEndpoint();
    await logCall();
    // Queued for the endpoint by the follower after commit, now (not whenever its round comes).
    await t.deps.events.runDue();
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    const off = await t.request(`/api/v1/admin/webhooks/${endpoint.id}`, { method: 'PATCH', as: admin, json: { enabled: false } });
    expect(off.status).toBe(200);
    // The queueing and the switch are announced; heard before the worker starts, they do not wake it
    // into rounds of its own on a loaded machine (the count below is the worker's own rounds).
    await t.deps.realtime.catchUp();
    t.deps.webhooks.start();
    const statements: string[] = [];
    let stopObserving = () => {};
    try {
      // Its first round, and any announcement of the set-up still on its way on a loaded machine (a CI
      // run once heard the queueing and the switch after catchUp), wake it a few times at the start.
      await new Promise((resolve) => setTimeout(resolve, 300));
      stopObserving = t.deps.database.observeStatements((text) => statements.push(text));
      await new Promise((resolve) => setTimeout(resolve, 600));
    } finally {
      await t.deps.webhooks.stop();
      stopObserving();
    }
    // Then it waits: a spinning worker makes dozens of rounds in 600 ms (a straggling announcement, one).
    const rounds = statements.filter((text) => text.includes("set_config('app.webhook_worker'")).length;
    expect(rounds, statements.slice(0, 30).join('\n')).toBeLessThanOrEqual(1);
  });

  it('looks for due daily summaries when the next one is due (not every minute), at most once a minute, and at once when rescheduled', async () => {
    const lookedAt: string[] = [];
    const worker = createWebhookWorker({
      db: t.db,
      now: () => clock,
      policy: t.deps.outboundTargets,
      mailer: t.deps.mailer,
      brand: 'Dealboard',
      publicUrl: 'http://localhost:3000',
      findAdminRecipients: async () => [],
      beforeRound: async (now) => {
        lookedAt.push(now.toISOString());
        // The next channel's summary: 16:00 today, then tomorrow's.
        return new Date(now < new Date('2026-11-24T16:00:00Z') ? '2026-11-24T16:00:00Z' : '2026-11-25T16:00:00Z');
      },
    });
    const at = async (time: string) => {
      clock = new Date(`2026-11-24T${time}Z`);
      await worker.runDue();
    };
    await at('15:29:10'); // the first round looks
    await at('15:29:11');
    await at('15:30:00'); // a new minute, nothing due: no look
    await at('15:59:59');
    await at('16:00:00'); // due
    await at('16:00:30');
    worker.reschedule(); // a channel's time changed: looked at the next minute's round
    await at('16:00:40');
    await at('16:01:00');
    await at('16:02:00');
    expect(lookedAt).toEqual(['2026-11-24T15:29:10.000Z', '2026-11-24T16:00:00.000Z', '2026-11-24T16:01:00.000Z']);
  });
});
