import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@core/contracts';
import type { DbHandle } from '../db/client';
import { toCompanyId, toUserId, withTenant } from '../db/tenant';
import { RealtimeHub } from '../realtime/hub';
import type { TestApp, TestUser } from '../test/test-app';
import { openTwoInstances, type TwoInstances } from '../test/two-instances';
import { appendDomainEvents, createEventLogWorker, followDomainEventsAfterCommit } from './event-log';

/*
 * The durable log of domain events and its followers after commit (decision 095), on both engines:
 * what a change appends reaches every follower once it has committed, exactly once across
 * instances, in order, never when the change rolled back; a follower is woken by the NOTIFY rather
 * than by looking; one that cannot take a change does not hold back the rest.
 */

type Seen = { follower: string; companyId: string; types: string[]; ids: string[] };
const seen: Seen[] = [];
/** Changes whose activity id is here make the 'fussy' follower throw. */
const refused = new Set<string>();

const idOf = (event: DomainEvent) => ('activity' in event ? (event.activity as { id: string }).id : event.type);
for (const follower of ['recorder', 'fussy']) {
  followDomainEventsAfterCommit(follower, async (tx, companyId, changes) => {
    const events = changes.flatMap((change) => change.events);
    // Writes in the reader's transaction under the change's company, as a real follower does.
    await tx.execute(sql`SELECT set_config('app.follower_saw', ${companyId}, true)`);
    if (follower === 'fussy' && events.some((event) => refused.has(idOf(event)))) throw new Error('cannot take this one');
    seen.push({ follower, companyId, types: events.map((event) => event.type), ids: events.map(idOf) });
  });
}

let t: TestApp;
let second: DbHandle;
let instances: TwoInstances | undefined;
let rep: TestUser & { companyId: string };

beforeAll(async () => {
  instances = await openTwoInstances();
  ({ t, second } = instances);
  rep = await t.createMember();
});
afterAll(async () => {
  await instances?.close();
});

async function logCall(): Promise<string> {
  const response = await t.request('/api/v1/activities', {
    method: 'POST',
    as: rep,
    json: { kind: 'call', answered: false },
    settle: false,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const seenBy = (follower: string, id: string) => seen.filter((s) => s.follower === follower && s.ids.includes(id));

describe('the log of domain events', () => {
  it('hands a logged call to each follower after it committed, once, with its company', async () => {
    await t.deps.events.runDue(); // the members' joining, before
    const id = await logCall();
    expect(seenBy('recorder', id)).toEqual([]); // nothing before a round
    expect(await t.deps.events.runDue()).toBeGreaterThan(0);
    expect(seenBy('recorder', id)).toEqual([{ follower: 'recorder', companyId: rep.companyId, types: ['activity.logged'], ids: [id] }]);
    expect(seenBy('fussy', id)).toHaveLength(1);
    // Read again: nothing new.
    await t.deps.events.runDue();
    expect(seenBy('recorder', id)).toHaveLength(1);
  });

  it('hands over nothing of a change that rolled back', async () => {
    await t.deps.events.runDue();
    const before = seen.length;
    await expect(
      withTenant(t.db, { companyId: toCompanyId(rep.companyId), userId: toUserId(rep.id) }, async (tx) => {
        const merged: DomainEvent = {
          type: 'customers.merged',
          kept: { id: crypto.randomUUID(), name: 'Kept AS' },
          merged: { id: crypto.randomUUID(), name: 'Merged AS' },
          activities: 0,
          actorId: rep.id,
        };
        await appendDomainEvents(tx, toCompanyId(rep.companyId), [merged], new Date());
        throw new Error('the change fails after appending');
      }),
    ).rejects.toThrow('the change fails');
    await t.deps.events.runDue();
    expect(seen.slice(before)).toEqual([]);
  });

  it('with two instances reading at once, each change reaches each follower exactly once, in order', async () => {
    await t.deps.events.runDue();
    const secondWorker = createEventLogWorker({ db: second.db, hub: t.deps.realtime, now: () => new Date() });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await logCall());
    await Promise.all([t.deps.events.runDue(), secondWorker.runDue(), t.deps.events.runDue(), secondWorker.runDue()]);
    await Promise.all([t.deps.events.runDue(), secondWorker.runDue()]);
    const recorded = seen.filter((s) => s.follower === 'recorder').flatMap((s) => s.ids);
    const mine = recorded.filter((id) => ids.includes(id));
    expect(mine).toEqual(ids);
  });

  it('a follower that cannot take a change is passed by it, and takes the next; the others take both', async () => {
    await t.deps.events.runDue();
    const bad = await logCall();
    refused.add(bad);
    const good = await logCall();
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      await t.deps.events.runDue();
    } finally {
      console.error = original;
    }
    expect(seenBy('fussy', bad)).toEqual([]);
    expect(seenBy('fussy', good)).toHaveLength(1);
    expect(seenBy('recorder', bad)).toHaveLength(1);
    expect(seenBy('recorder', good)).toHaveLength(1);
    expect(String(errors[0])).toMatch(/fussy could not follow a change/);
  });

  it('a started worker is woken by the NOTIFY of a new change: no round asked for', async () => {
    await t.deps.events.runDue();
    const hub = new RealtimeHub();
    await hub.start(second);
    const worker = createEventLogWorker({ db: second.db, hub, now: () => new Date() });
    worker.start();
    try {
      // Its first round (at start) finds nothing; then it waits, minutes while it hears every commit.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const id = await logCall();
      const deadline = Date.now() + 10_000;
      while (seenBy('recorder', id).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(seenBy('recorder', id)).toHaveLength(1);
    } finally {
      await worker.stop();
      await hub.stop();
    }
  });

  it("erasing a member removes the log's events about them, read by a follower or not", async () => {
    const admin = await t.createMember({ role: 'admin', companyId: rep.companyId });
    const erin = await t.createMember({ companyId: rep.companyId, name: 'Erin Erased' });
    const logged = await t.request('/api/v1/activities', {
      method: 'POST',
      as: erin,
      json: { kind: 'call', answered: false, notes: 'Erin wrote this' },
      settle: false,
    });
    expect(logged.status).toBe(201);
    const mentions = async () => {
      const result = await t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('app.event_reader', 'on', true)`);
        return tx.execute(sql`SELECT count(*)::int AS n FROM domain_event_log WHERE event::text LIKE ${`%${erin.id}%`}`);
      });
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    expect(await mentions()).toBeGreaterThan(0);
    expect((await t.request(`/api/v1/team/members/${erin.id}/data`, { method: 'DELETE', as: admin })).status).toBe(200);
    expect(await mentions()).toBe(0);
  });

  it('removes, once an hour, the events every follower has passed that are older than a day', async () => {
    const id = await logCall();
    await t.deps.events.runDue();
    const count = async () => {
      const result = await t.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('app.event_reader', 'on', true)`);
        return tx.execute(sql`SELECT count(*)::int AS n FROM domain_event_log WHERE event::text LIKE ${`%${id}%`}`);
      });
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    expect(await count()).toBe(1);
    // A worker started two days later cleans up in its first round.
    const later = createEventLogWorker({ db: t.db, hub: t.deps.realtime, now: () => new Date(Date.now() + 2 * 24 * 3600_000) });
    await later.runDue();
    expect(await count()).toBe(0);
  });
});
