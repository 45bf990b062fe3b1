import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSlackMessage, buildTeamsMessage } from '@core/chat';
import type { ChatIntegration, ChatIntegrationInput } from '@core/contracts';
import type { LocalDate } from '@core/period';
import { type DbHandle, openDatabase } from '../../db/client';
import { toCompanyId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createPostgresDatabase, createTestDatabase, testEngine } from '../../test/test-database';
import { withActivityDay } from '../activities/activities.service';
import { describeSale } from '../activities/activities.test-support';
import { findAdminRecipients } from '../companies/memberships.service';
import { startWebhookReceiver } from '../webhooks/webhook-receiver.test-support';
import { createWebhookWorker } from '../webhooks/webhooks.worker';
import { enqueueDueChatSummaries, summarizeDayForChat } from './chat.service';

/*
 * Slack and Teams end to end on the real database (decision 038): an admin connects channels
 * through the API, a rep's sale or goal queues a post in the same transaction, and the webhooks
 * worker's rounds (run by hand, the clock moved instead of waited for) post the platform's JSON to
 * a receiver on this machine standing in for the channel. On PostgreSQL a second worker on its own
 * pool races for the daily summary.
 */

type Member = TestUser & { companyId: string };

let t: TestApp;
let second: DbHandle;
let dropDatabase = async () => {};
let admin: Member;
let rep: Member;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let clock = new Date('2026-11-24T10:00:00Z');

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../core/chat/fixtures/${name}.json`, import.meta.url), 'utf8')) as unknown;

beforeAll(async () => {
  if (testEngine === 'postgres') {
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    t = await createTestApp({ database: await openDatabase({ engine: 'postgres', url: database.url, poolSize: 5 }), now: () => clock });
    second = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 5 });
  } else {
    t = await createTestApp({ database: await createTestDatabase(), now: () => clock });
    second = t.deps.database;
  }
  admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  rep = await t.createMember({ companyId: admin.companyId, name: 'Ola Hansen' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  if (second && second !== t?.deps.database) await second.close();
  await t?.close();
  await dropDatabase();
});
beforeEach(async () => {
  clock = new Date('2026-11-24T10:00:00Z');
  receiver.received.length = 0;
  receiver.respond(() => ({ status: 200, body: 'ok' }));
  t.deps.outboundTargets.production = false;
  const listed = await t.request('/api/v1/admin/chat-integrations', { as: admin });
  for (const integration of ((await listed.json()) as { integrations: ChatIntegration[] }).integrations) {
    await t.request(`/api/v1/admin/chat-integrations/${integration.id}`, { method: 'DELETE', as: admin });
  }
  await t.request('/api/v1/goals/me', { method: 'PUT', as: rep, json: { dailyCalls: 0, dailyMeetings: 0, dailySales: 0 } });
});

const choices = (overrides: Partial<ChatIntegrationInput['choices']> = {}): ChatIntegrationInput['choices'] => ({
  sales: true,
  goals: true,
  dailySummary: { enabled: false, localTime: '16:30' },
  ...overrides,
});

async function connect(platform: 'slack' | 'teams', input: Partial<ChatIntegrationInput> = {}): Promise<ChatIntegration> {
  const response = await t.request('/api/v1/admin/chat-integrations', {
    method: 'POST',
    as: admin,
    json: { platform, url: receiver.url(`/${platform}`), language: 'en', choices: choices(), ...input },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as ChatIntegration;
}

/** ticketSize in minor units (øre): 99 950 is NOK 999.50. */
async function logSale(ticketSize = 99_950): Promise<{ id: string; pointsEarned: number }> {
  const response = await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'sale', ticketSize } });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { id: string; pointsEarned: number };
}

async function deliverAll(): Promise<void> {
  await t.deps.events.runDue();
  while ((await t.deps.webhooks.runDue()) > 0);
}

async function listIntegrations(): Promise<ChatIntegration[]> {
  const response = await t.request('/api/v1/admin/chat-integrations', { as: admin });
  expect(response.status).toBe(200);
  return ((await response.json()) as { integrations: ChatIntegration[] }).integrations;
}

const postsTo = (path: string) => receiver.received.filter((request) => request.path === path);

describe('chat integrations (admin API)', () => {
  it('connects a channel, keeps its URL secret, and refuses a URL of another platform with a field message', async () => {
    const slack = await connect('slack', { choices: choices({ dailySummary: { enabled: true, localTime: '16:30' } }) });
    expect(slack).toMatchObject({ platform: 'slack', language: 'en', enabled: true, disabledReason: null, lastDelivery: null });
    expect(slack.urlHint).toBe(`${new URL(receiver.url()).host}/…lack`);
    expect(JSON.stringify(slack)).not.toContain(receiver.url('/slack'));
    // 16:30 in Oslo (UTC+1 in November) on the same day.
    expect(slack.nextSummaryAt).toBe('2026-11-24T15:30:00.000Z');

    const wrong = await t.request('/api/v1/admin/chat-integrations', {
      method: 'POST',
      as: admin,
      json: { platform: 'slack', url: 'https://example.webhook.office.com/webhookb2/abc', language: 'en', choices: choices() },
    });
    expect(wrong.status).toBe(400);
    const error = (await wrong.json()) as { error: { details: { url: string } } };
    expect(error.error.details.url).toMatch(/hooks\.slack\.com\/services/);

    t.deps.outboundTargets.production = true;
    const local = await t.request('/api/v1/admin/chat-integrations', {
      method: 'POST',
      as: admin,
      json: { platform: 'teams', url: receiver.url('/teams'), language: 'en', choices: choices() },
    });
    expect(local.status).toBe(400);
    const real = await t.request('/api/v1/admin/chat-integrations', {
      method: 'POST',
      as: admin,
      json: { platform: 'slack', url: 'https://hooks.slack.com/services/T000/B000/abcdEFGH1234', language: 'nb', choices: choices() },
    });
    expect(real.status).toBe(201);
    expect(((await real.json()) as ChatIntegration).urlHint).toBe('hooks.slack.com/…1234');
  });

  it('updates what a channel posts, moves the summary and turns it off; a rep may not (403)', async () => {
    const slack = await connect('slack');
    expect(slack.nextSummaryAt).toBeNull();
    const response = await t.request(`/api/v1/admin/chat-integrations/${slack.id}`, {
      method: 'PATCH',
      as: admin,
      json: { language: 'nb', choices: choices({ sales: false, dailySummary: { enabled: true, localTime: '08:00' } }) },
    });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as ChatIntegration;
    expect(updated).toMatchObject({ language: 'nb', choices: { sales: false, goals: true } });
    // 08:00 has passed in Oslo at 11:00: tomorrow's.
    expect(updated.nextSummaryAt).toBe('2026-11-25T07:00:00.000Z');
    const off = await t.request(`/api/v1/admin/chat-integrations/${slack.id}`, { method: 'PATCH', as: admin, json: { enabled: false } });
    expect(((await off.json()) as ChatIntegration).nextSummaryAt).toBeNull();

    expect((await t.request('/api/v1/admin/chat-integrations', { as: rep })).status).toBe(403);
    expect((await t.request(`/api/v1/admin/chat-integrations/${slack.id}`, { method: 'DELETE', as: rep })).status).toBe(403);
    // The Webhooks screen's list does not show chat channels.
    const webhooks = (await (await t.request('/api/v1/admin/webhooks', { as: admin })).json()) as { endpoints: unknown[] };
    expect(webhooks.endpoints).toEqual([]);
  });

  it("the Webhooks screen's routes do not reach a chat channel's posts: Resend of one is a 404", async () => {
    const slack = await connect('slack');
    await logSale();
    await deliverAll();
    const result = await withTenant(t.db, { companyId: toCompanyId(admin.companyId), userId: null }, (tx) =>
      tx.execute(sql`SELECT id FROM webhook_deliveries WHERE endpoint_id = ${slack.id}`),
    );
    const deliveryId = (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
    const resend = await t.request(`/api/v1/admin/webhooks/${slack.id}/deliveries/${deliveryId}/resend`, { method: 'POST', as: admin });
    expect(resend.status).toBe(404);
    await deliverAll();
    expect(postsTo('/slack')).toHaveLength(1);
  });

  it('notes connecting, changing and disconnecting a channel in the audit log, without the channel URL', async () => {
    const slack = await connect('slack');
    clock = new Date(clock.getTime() + 1000);
    await t.request(`/api/v1/admin/chat-integrations/${slack.id}`, { method: 'PATCH', as: admin, json: { language: 'nb' } });
    clock = new Date(clock.getTime() + 1000);
    expect((await t.request(`/api/v1/admin/chat-integrations/${slack.id}`, { method: 'DELETE', as: admin })).status).toBe(200);
    const page = (await (await t.request('/api/v1/admin/audit-log?limit=100', { as: admin })).json()) as {
      entries: { action: string; target: { id: string } | null; details: object }[];
    };
    const entries = page.entries.filter((entry) => entry.target?.id === slack.id);
    // Outside production the channel is this machine's receiver; only its host is kept.
    const host = new URL(receiver.url()).host;
    expect(entries).toMatchObject([
      { action: 'webhook.deleted', details: { kind: 'slack', host } },
      { action: 'webhook.changed', details: { kind: 'slack', host, fields: ['language'] } },
      { action: 'webhook.created', details: { kind: 'slack', host } },
    ]);
    expect(JSON.stringify(entries)).not.toContain(receiver.url('/slack'));
  });
});

describe('posts', () => {
  it("a rep's sale reaches a Slack channel as the recorded Block Kit message and a Teams channel as the Adaptive Card, unsigned", async () => {
    await connect('slack');
    await connect('teams');
    const sale = await logSale(99_950);
    expect(sale.pointsEarned).toBe(10);
    await deliverAll();

    const [slackPost] = postsTo('/slack');
    const [teamsPost] = postsTo('/teams');
    expect(postsTo('/slack')).toHaveLength(1);
    expect(postsTo('/teams')).toHaveLength(1);
    // The recorded payloads are for "Ola Hansen closed a sale of NOK 999.50" for 10 points, in English.
    expect(JSON.parse(slackPost!.body)).toEqual(fixture('sale.en.slack'));
    expect(JSON.parse(teamsPost!.body)).toEqual(fixture('sale.en.teams'));
    for (const post of [slackPost!, teamsPost!]) {
      expect(post.headers['content-type']).toBe('application/json');
      expect(post.headers['webhook-signature']).toBeUndefined();
      expect(post.headers['webhook-id']).toBeUndefined();
    }
    const [listed] = await listIntegrations();
    expect(listed!.lastDelivery).toMatchObject({ eventType: 'sale.created', status: 'succeeded', attempts: 1, responseStatus: 200 });
  });

  it('a goal reached is posted in the channel language; a channel that does not want sales gets only the goal', async () => {
    await connect('slack', { language: 'nb', choices: choices({ sales: false }) });
    // No call logged today yet (the other tests log sales): the first call reaches a goal of one.
    await t.request('/api/v1/goals/me', { method: 'PUT', as: rep, json: { dailyCalls: 1, dailyMeetings: 0, dailySales: 0 } });
    await logSale(10_000);
    const call = await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'call', answered: false } });
    expect(call.status).toBe(201);
    await deliverAll();

    expect(postsTo('/slack')).toHaveLength(1);
    const expected = buildSlackMessage(
      { kind: 'goal_reached', member: 'Ola Hansen', goal: 'calls', value: 1, target: 1 },
      { language: 'nb', currency: 'NOK' },
    );
    expect(JSON.parse(postsTo('/slack')[0]!.body)).toEqual(expected);
  });

  it('a rolled-back sale posts nothing', async () => {
    await connect('slack');
    const scope = { companyId: rep.companyId, userId: rep.id } as Parameters<typeof withActivityDay>[1];
    const failed = withActivityDay({ db: t.db, lookups: t.deps.activityLookups }, scope, '2026-11-24', async (day) => {
      await day.publish([{ type: 'activity.logged', activity: describeSale(rep.id, 5000), actorId: rep.id, today: '2026-11-24' }], clock);
      throw new Error('the write failed after the event was recorded');
    });
    await expect(failed).rejects.toThrow('the write failed');
    await deliverAll();
    expect(receiver.received).toHaveLength(0);
    expect((await listIntegrations())[0]!.lastDelivery).toBeNull();
  });

  it('a 429 is retried after its Retry-After, not before, and the same message is posted', async () => {
    await connect('slack');
    let calls = 0;
    receiver.respond(() =>
      ++calls === 1 ? { status: 429, body: 'rate_limited', headers: { 'retry-after': '30' } } : { status: 200, body: 'ok' },
    );
    await logSale();
    await deliverAll();
    expect(postsTo('/slack')).toHaveLength(1);
    expect((await listIntegrations())[0]!.lastDelivery).toMatchObject({ status: 'pending', responseStatus: 429 });

    const start = clock.getTime();
    clock = new Date(start + 29_000);
    expect(await t.deps.webhooks.runDue()).toBe(0);
    clock = new Date(start + 30_000);
    expect(await t.deps.webhooks.runDue()).toBe(1);
    expect(postsTo('/slack')).toHaveLength(2);
    expect(postsTo('/slack')[1]!.body).toBe(postsTo('/slack')[0]!.body);
    expect((await listIntegrations())[0]!.lastDelivery).toMatchObject({ status: 'succeeded', attempts: 2, responseStatus: 200 });
  });

  it('a server error is retried on the webhooks backoff, and Send a test message posts today so far', async () => {
    const slack = await connect('teams');
    receiver.respond(() => ({ status: 500, body: 'down' }));
    const test = await t.request(`/api/v1/admin/chat-integrations/${slack.id}/test`, { method: 'POST', as: admin });
    expect(test.status).toBe(202);
    await deliverAll();
    expect(postsTo('/teams')).toHaveLength(1);
    receiver.respond(() => ({ status: 202, body: '' }));
    clock = new Date(clock.getTime() + 5_000);
    await deliverAll();
    expect(postsTo('/teams')).toHaveLength(2);
    const summary = await summarizeDayForChat(t.db, toCompanyId(admin.companyId), '2026-11-24' as LocalDate);
    expect(JSON.parse(postsTo('/teams')[1]!.body)).toEqual(
      buildTeamsMessage(summary.message, { language: 'en', currency: summary.currency }),
    );
    expect((await listIntegrations())[0]!.lastDelivery).toMatchObject({ eventType: 'chat.test', status: 'succeeded', responseStatus: 202 });
  });
});

describe('the daily summary', () => {
  it(`is posted once across two workers when due, and its due time moves to the next day (${testEngine})`, async () => {
    const slack = await connect('slack', {
      choices: choices({ sales: false, goals: false, dailySummary: { enabled: true, localTime: '16:30' } }),
    });
    await logSale(250_000);
    const secondWorker = createWebhookWorker({
      db: second.db,
      now: () => clock,
      policy: t.deps.outboundTargets,
      mailer: t.deps.mailer,
      brand: 'Dealboard',
      publicUrl: 'http://localhost:3000',
      findAdminRecipients: (companyId) => findAdminRecipients(second.db, companyId),
      beforeRound: async (now) => (await enqueueDueChatSummaries(second.db, now)).nextDueAt,
    });
    const workers = [t.deps.webhooks, secondWorker];

    // Not yet due: a minute before 16:30 in Oslo.
    clock = new Date('2026-11-24T15:29:00Z');
    await Promise.all(workers.map((worker) => worker.runDue()));
    expect(receiver.received).toHaveLength(0);

    clock = new Date('2026-11-24T15:30:00Z');
    for (let round = 0; round < 3; round++) await Promise.all(workers.map((worker) => worker.runDue()));
    expect(postsTo('/slack')).toHaveLength(1);
    const summary = await summarizeDayForChat(t.db, toCompanyId(admin.companyId), '2026-11-24' as LocalDate);
    expect(summary.message.totals.revenue).toBeGreaterThanOrEqual(250_000);
    expect(summary.message.top[0]).toEqual({ name: 'Ola Hansen', points: expect.any(Number) });
    expect(JSON.parse(postsTo('/slack')[0]!.body)).toEqual(buildSlackMessage(summary.message, { language: 'en', currency: 'NOK' }));

    const [listed] = await listIntegrations();
    expect(listed!.id).toBe(slack.id);
    expect(listed!.nextSummaryAt).toBe('2026-11-25T15:30:00.000Z');
    expect(listed!.lastDelivery).toMatchObject({ eventType: 'daily_summary.due', status: 'succeeded' });
    // Nothing more is due today; the workers sleep until tomorrow's (decision 096).
    expect(await enqueueDueChatSummaries(t.db, clock)).toEqual({ queued: 0, nextDueAt: new Date('2026-11-25T15:30:00Z') });

    // Even were the due time put back (a restart that lost the move), the day is posted once: the unique key.
    await t.db.execute(
      sql`UPDATE webhook_endpoints SET next_summary_at = '2026-11-24T15:30:00Z', next_summary_date = '2026-11-24' WHERE id = ${slack.id}`,
    );
    // The change is announced (migration 0049): the next minute's round looks again and finds it due.
    clock = new Date('2026-11-24T15:31:00Z');
    await Promise.all(workers.map((worker) => worker.runDue()));
    expect(postsTo('/slack')).toHaveLength(1);
    expect((await listIntegrations())[0]!.nextSummaryAt).toBe('2026-11-25T15:30:00.000Z');

    // The next day's is sent at its own time.
    clock = new Date('2026-11-25T15:30:00Z');
    await Promise.all(workers.map((worker) => worker.runDue()));
    await deliverAll();
    expect(postsTo('/slack')).toHaveLength(2);
    expect(JSON.parse(postsTo('/slack')[1]!.body).text).toContain('25');
  });
});
