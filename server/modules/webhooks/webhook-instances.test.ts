import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { WebhookEndpoint } from '@core/contracts';
import { type DbHandle, openDatabase } from '../../db/client';
import { findAdminRecipients } from '../companies/memberships.service';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { createPostgresDatabase, createTestDatabase, testEngine } from '../../test/test-database';
import { startWebhookReceiver } from './webhook-receiver.test-support';
import { createWebhookWorker, type WebhookWorker } from './webhooks.worker';

/*
 * Several instances on one database: two delivery workers, each on its own connection pool (on
 * PostgreSQL; PGlite has one engine, so there both share it), race over the same outbox. The
 * receiver counts what arrives: every delivery exactly once, and each endpoint's in order.
 */

let t: TestApp;
let second: DbHandle;
let dropDatabase = async () => {};
let admin: TestUser & { companyId: string };
let rep: TestUser & { companyId: string };
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  if (testEngine === 'postgres') {
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    const first = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 5 });
    t = await createTestApp({ database: first });
    second = await openDatabase({ engine: 'postgres', url: database.url, poolSize: 5 });
  } else {
    t = await createTestApp({ database: await createTestDatabase() });
    second = t.deps.database;
  }
  admin = await t.createMember({ role: 'admin' });
  rep = await t.createMember({ companyId: admin.companyId });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  if (second && second !== t?.deps.database) await second.close();
  await t?.close();
  await dropDatabase();
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

it(`each delivery is sent by exactly one of two instances, in order per endpoint (${testEngine})`, async () => {
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
  // A slow receiver widens the window in which the other instance looks at the same rows.
  receiver.respond(() => ({ status: 200, delayMs: 10 }));

  const workers = [t.deps.webhooks, createSecondWorker()];
  // Both pools connected before the race starts: on a busy machine the second instance's first
  // connection could take as long as the first instance needs to send everything (seen in CI).
  await Promise.all([t.deps.database, second].map((handle) => handle.db.execute(sql`SELECT 1`)));
  const sentBy = [0, 0];
  await Promise.all(
    workers.map(async (worker, index) => {
      // Each instance runs rounds until a whole round finds nothing, then one more after a pause
      // (the other may still have been sending the endpoint's head).
      for (let idle = 0; idle < 3;) {
        const sent = await worker.runDue();
        sentBy[index]! += sent;
        idle = sent === 0 ? idle + 1 : 0;
        if (sent === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }),
  );

  const ids = receiver.received.map((request) => String(request.headers['webhook-id']));
  expect(ids).toHaveLength(endpoints.length * logged.length);
  expect(new Set(ids).size).toBe(ids.length);
  expect(sentBy[0]! + sentBy[1]!).toBe(ids.length);
  for (const path of ['/a', '/b', '/c']) {
    const order = receiver.received
      .filter((request) => request.path === path)
      .map((request) => (JSON.parse(request.body) as { data: { id: string } }).data.id);
    expect(order, path).toEqual(logged);
  }
  if (testEngine === 'postgres') {
    // Both instances did part of the work: the race was real.
    expect(
      sentBy.every((n) => n > 0),
      `sent by each: ${sentBy.join(', ')}`,
    ).toBe(true);
  }
});
