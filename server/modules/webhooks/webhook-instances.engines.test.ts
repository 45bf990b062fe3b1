import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WebhookEndpoint } from '@core/contracts';
import type { DbHandle } from '../../db/client';
import { findAdminRecipients } from '../companies/memberships.service';
import type { TestApp, TestUser } from '../../test/test-app';
import { testEngine } from '../../test/test-database';
import { openTwoInstances, type TwoInstances } from '../../test/two-instances';
import { startWebhookReceiver } from './webhook-receiver.test-support';
import type { WebhookWorker } from '../../context';
import { createWebhookWorker } from './webhooks.worker';

/*
 * Several instances on one database: two delivery workers, each on its own connection pool (on
 * PostgreSQL; PGlite has one engine, so there both share it), race over the same outbox. The
 * receiver counts what arrives: every delivery exactly once (decision 073: an endpoint's are sent
 * up to ten at a time, so their order on arrival is not promised; each carries its own timestamp).
 */

let t: TestApp;
let second: DbHandle;
let instances: TwoInstances | undefined;
let admin: TestUser & { companyId: string };
let rep: TestUser & { companyId: string };
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  instances = await openTwoInstances();
  ({ t, second } = instances);
  admin = await t.createMember({ role: 'admin' });
  rep = await t.createMember({ companyId: admin.companyId });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await instances?.close();
});

function createSecondWorker(): WebhookWorker {
  return createWebhookWorker({
    db: second.db,
    now: () => new Date(),
    policy: t.deps.outboundTargets,
    mailer: t.deps.mailer,
    brand: 'Dealboard',
    publicUrl: 'http://localhost:3000',
    findAdminRecipients: (companyId) => findAdminRecipients(second.db, companyId),
  });
}

it(`each delivery is sent by exactly one of two instances (${testEngine})`, async () => {
  const endpoints: WebhookEndpoint[] = [];
  for (const path of ['/a', '/b', '/c']) {
    const response = await t.request('/api/v1/admin/webhooks', {
      method: 'POST',
      as: admin,
      json: { url: receiver.url(path), events: ['activity.created'] },
    });
    endpoints.push((await response.json()) as WebhookEndpoint);
  }
  const logged: string[] = [];
  for (let i = 0; i < 30; i++) {
    const response = await t.request('/api/v1/activities', { method: 'POST', as: rep, json: { kind: 'call', answered: false } });
    expect(response.status).toBe(201);
    logged.push(((await response.json()) as { id: string }).id);
  }
  // The endpoints answer at different speeds. An instance sends what it claimed side by side and
  // claims again only when the slowest has answered, so while it waits on /c the next deliveries
  // of /a are free: the other instance, looking every few milliseconds, takes them. Who sleeps when
  // no longer decides whether both take part (CI once saw one instance send all 90).
  const delayByPath: Record<string, number> = { '/a': 2, '/b': 15, '/c': 40 };
  receiver.respond((request) => ({ status: 200, delayMs: delayByPath[request.path] ?? 0 }));

  const workers = [t.deps.webhooks, createSecondWorker()];
  // Both pools connected before the race starts.
  await Promise.all([t.deps.database, second].map((handle) => handle.db.execute(sql`SELECT 1`)));
  const expected = endpoints.length * logged.length;
  const deadline = Date.now() + 60_000;
  const sentBy = [0, 0];
  await Promise.all(
    workers.map(async (worker, index) => {
      // Each instance runs rounds until every delivery has arrived (or the deadline passes).
      while (receiver.received.length < expected && Date.now() < deadline) {
        const sent = await worker.runDue();
        sentBy[index]! += sent;
        if (sent === 0) await new Promise((resolve) => setTimeout(resolve, 3));
      }
    }),
  );
  // Nothing more is sent once everything arrived: no delivery is left due.
  expect(await workers[0]!.runDue()).toBe(0);
  expect(await workers[1]!.runDue()).toBe(0);

  const ids = receiver.received.map((request) => String(request.headers['webhook-id']));
  expect(ids).toHaveLength(endpoints.length * logged.length);
  expect(new Set(ids).size).toBe(ids.length);
  expect(sentBy[0]! + sentBy[1]!).toBe(ids.length);
  for (const path of ['/a', '/b', '/c']) {
    const arrived = receiver.received
      .filter((request) => request.path === path)
      .map((request) => (JSON.parse(request.body) as { data: { id: string } }).data.id);
    expect([...arrived].sort(), path).toEqual([...logged].sort());
  }
  if (testEngine === 'postgres') {
    // Both instances did part of the work: the race was real.
    expect(
      sentBy.every((n) => n > 0),
      `sent by each: ${sentBy.join(', ')}`,
    ).toBe(true);
  }
});
