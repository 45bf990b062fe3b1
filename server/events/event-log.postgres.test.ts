import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';
import { createPostgresDatabase } from '../test/test-database';
import { followDomainEventsAfterCommit } from './event-log';

/*
 * PostgreSQL only (vitest.config.ts collects *.postgres.test.ts only when TEST_DATABASE_URL is
 * set): transactions commit in another order than they append there, which PGlite's one
 * connection cannot do. A reader that went by position alone would pass an event whose
 * transaction commits after a newer one's, and never see it (decision 095); and only this
 * database's transactions may hold the reader back, not another's on the same server.
 */

const seen: string[] = [];
followDomainEventsAfterCommit('order', async (_tx, _companyId, changes) => {
  for (const event of changes.flatMap((change) => change.events)) if (event.type === 'customers.merged') seen.push(event.kept.name);
});

let t: TestApp;
let url: string;
let drop = async () => {};
let rep: TestUser & { companyId: string };
beforeAll(async () => {
  const database = await createPostgresDatabase();
  url = database.url;
  drop = database.drop;
  t = await createTestApp({ database: await openDatabase({ engine: 'postgres', url, poolSize: 5 }) });
  rep = await t.createMember();
});
afterAll(async () => {
  await t?.close();
  await drop();
});

/** A connection in an open transaction, as the rep's company, that has appended one event named `name`. */
async function appendAndHold(name: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('BEGIN');
  await client.query(
    `SELECT set_config('role', 'app_user', true), set_config('app.company_id', $1, true), set_config('app.user_id', $2, true)`,
    [rep.companyId, rep.id],
  );
  const event = {
    type: 'customers.merged',
    kept: { id: crypto.randomUUID(), name },
    merged: { id: crypto.randomUUID(), name: 'x' },
    activities: 0,
    actorId: rep.id,
  };
  await client.query(`INSERT INTO domain_event_log (company_id, occurred_at, event) VALUES ($1, now(), $2::jsonb)`, [
    rep.companyId,
    JSON.stringify(event),
  ]);
  return client;
}

it('an event whose transaction commits after a newer one is not passed over: both arrive, in append order', async () => {
  await t.deps.events.runDue();
  const older = await appendAndHold('older');
  const newer = await appendAndHold('newer');
  try {
    await newer.query('COMMIT');
    // The newer change has committed, but an older one is still open: the reader waits for it.
    await t.deps.events.runDue();
    expect(seen).toEqual([]);
    await older.query('COMMIT');
    await t.deps.events.runDue();
    expect(seen).toEqual(['older', 'newer']);
  } finally {
    await older.end();
    await newer.end();
  }
});

it('a long transaction in another database on the same server does not hold the followers back', async () => {
  await t.deps.events.runDue();
  // Another database of the same server (the one TEST_DATABASE_URL names), in a writing transaction left open.
  const elsewhere = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await elsewhere.connect();
  await elsewhere.query('BEGIN');
  await elsewhere.query('SELECT pg_current_xact_id()');
  try {
    const held = await appendAndHold('after the long one');
    await held.query('COMMIT');
    await held.end();
    await t.deps.events.runDue();
    expect(seen.at(-1)).toBe('after the long one');
  } finally {
    await elsewhere.query('ROLLBACK');
    await elsewhere.end();
  }
});
