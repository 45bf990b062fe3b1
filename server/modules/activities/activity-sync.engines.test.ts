import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, ActivityFeed, CreatedApiToken, DeletedActivity } from '@core/contracts';
import { toCompanyId, toUserId, withTenant } from '../../db/tenant';
import { seedActivity } from '../../seed/activities';
import { createTestApp, type TestApp } from '../../test/test-app';
import { testEngine } from '../../test/test-database';
import { findOldestOpenTransactionStart } from './activity-sync-feed.repository';

/*
 * GET /api/v1/activities as a BI tool uses it (decision 035): a first sync pages through
 * everything, later syncs pass the last cursor and get exactly what changed in between (created,
 * updated, deleted), pages never repeat or skip a change, also while others are writing, and a
 * change still being saved is never stepped past.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

/** A short margin, on the real clock everywhere: the app's stamps, its horizon and the database's transactions agree. */
const SETTLE_MS = 300;
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 50));

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { API_TOKEN_RATE_LIMIT: '100000', ACTIVITY_FEED_SETTLE_MS: String(SETTLE_MS) } });
});
afterAll(() => t.close());

/** A company of its own for each test: an admin and two reps, with a read token for the admin. */
async function company() {
  const admin = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  const rep = await t.createMember({ companyId: admin.companyId, name: 'Rita Rep' });
  const rep2 = await t.createMember({ companyId: admin.companyId, name: 'Rune Rep' });
  const adminToken = await makeToken(admin);
  const repToken = await makeToken(rep);
  return { admin, rep, rep2, adminToken, repToken };
}

async function makeToken(member: Member): Promise<string> {
  const response = await t.request('/api/v1/me/api-tokens', {
    method: 'POST',
    as: member,
    json: { name: 'BI', scopes: ['activities:read'], expiresInDays: null },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as CreatedApiToken).secret;
}

async function log(member: Member, json: unknown = { kind: 'call', answered: false }): Promise<Activity> {
  const response = await t.request('/api/v1/activities', { method: 'POST', as: member, json });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as Activity;
}

function read(token: string, query: string): Promise<Response> {
  return t.request(`/api/v1/activities${query ? `?${query}` : ''}`, { noOrigin: true, headers: { authorization: `Bearer ${token}` } });
}

async function page(token: string, query = ''): Promise<ActivityFeed> {
  const response = await read(token, query);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as ActivityFeed;
}

type Synced = { activities: Activity[]; deleted: DeletedActivity[]; cursor: string; pages: number };

/** A whole sync: pages from `cursor` until nothing more is waiting, once what was written so far has settled. */
async function sync(token: string, options: { cursor?: string; query?: string; limit?: number; now?: boolean } = {}): Promise<Synced> {
  if (!options.now) await settle();
  const out: Synced = { activities: [], deleted: [], cursor: options.cursor ?? '', pages: 0 };
  for (;;) {
    const params = new URLSearchParams(options.query ?? '');
    if (out.cursor) params.set('cursor', out.cursor);
    if (options.limit) params.set('limit', String(options.limit));
    const feed = await page(token, params.toString());
    out.activities.push(...feed.activities);
    out.deleted.push(...feed.deleted);
    out.cursor = feed.nextCursor;
    out.pages++;
    if (!feed.hasMore) return out;
  }
}

const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

describe('incremental sync', () => {
  it('sees exactly what was created, updated and deleted between two syncs', async () => {
    const { admin, rep, rep2, adminToken } = await company();
    const call = await log(rep, { kind: 'call', answered: true, outcome: 'moved_forward', customerName: 'Fjord AS' });
    const sale = await log(rep2, { kind: 'sale', ticketSize: 125_000, productName: 'Pro' });
    const meeting = await log(admin, { kind: 'meeting', notes: 'Kick-off' });

    const first = await sync(adminToken);
    expect(ids(first.activities)).toEqual(ids([call, sale, meeting]));
    expect(first.deleted).toEqual([]);
    expect(first.activities.find((a) => a.id === sale.id)).toEqual(sale);

    const created = await log(rep, { kind: 'call', answered: false });
    const edited = await t.request(`/api/v1/activities/${call.id}`, { method: 'PATCH', as: rep, json: { notes: 'Call back Friday' } });
    expect(edited.status).toBe(200);
    expect((await t.request(`/api/v1/activities/${sale.id}`, { method: 'DELETE', as: rep2 })).status).toBe(200);

    const second = await sync(adminToken, { cursor: first.cursor });
    expect(ids(second.activities)).toEqual(ids([created, call]));
    expect(second.activities.find((a) => a.id === call.id)?.notes).toBe('Call back Friday');
    expect(second.deleted).toEqual([
      { id: sale.id, userId: rep2.id, type: 'sale', localDate: sale.localDate, deletedAt: expect.any(String) },
    ]);

    // Nothing since: an empty page, whose cursor moves up to the settled horizon and still misses nothing.
    const third = await page(adminToken, `cursor=${second.cursor}`);
    expect(third).toMatchObject({ activities: [], deleted: [], hasMore: false });
    const later = await log(rep);
    expect(ids((await sync(adminToken, { cursor: third.nextCursor })).activities)).toEqual([later.id]);
  });

  it("carries an erasure to the synced copy: an erased member's notes come back empty", async () => {
    const { admin, rep2, adminToken } = await company();
    const noted = await log(rep2, { kind: 'meeting', notes: 'Personal remark' });
    const before = await sync(adminToken);
    expect(before.activities.find((a) => a.id === noted.id)?.notes).toBe('Personal remark');
    const erased = await t.request(`/api/v1/team/members/${rep2.id}/data`, { method: 'DELETE', as: admin });
    expect(erased.status).toBe(200);
    const after = await sync(adminToken, { cursor: before.cursor });
    expect(after.activities.map((a) => [a.id, a.notes])).toEqual([[noted.id, null]]);
  });

  it('a change is served only once it has settled, so a page never steps past one still being saved', async () => {
    const { rep, adminToken } = await company();
    const logged = await log(rep);
    expect((await page(adminToken)).activities).toEqual([]);
    expect(ids((await sync(adminToken)).activities)).toEqual([logged.id]);
  });
});

describe('the tombstones horizon', () => {
  it('answers a cursor older than 90 days with 410 sync_expired (deletions that old are pruned), and a younger one as usual', async () => {
    const { rep, adminToken } = await company();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    const seed = (at: Date) =>
      seedActivity(t.db, { companyId: rep.companyId, userId: rep.id, at, timezone: 'Europe/Oslo', type: 'meeting' });
    await seed(daysAgo(92));
    await seed(daysAgo(89));
    await seed(daysAgo(88));
    // A client that stopped after a page that ended 92 days ago, and one whose page ended 89 days ago.
    const first = await page(adminToken, 'limit=1');
    expect(first.hasMore).toBe(true);
    const expired = await read(adminToken, `cursor=${first.nextCursor}`);
    expect(expired.status).toBe(410);
    expect(await expired.json()).toMatchObject({ error: { code: 'sync_expired', message: expect.stringContaining('full sync') } });
    const second = await page(adminToken, 'limit=2');
    expect(second.hasMore).toBe(true);
    const logged = await log(rep);
    const rest = await sync(adminToken, { cursor: second.nextCursor });
    expect(rest.activities).toHaveLength(2);
    expect(rest.activities.at(-1)?.id).toBe(logged.id);
  });

  it('prunes tombstones past the horizon when the company deletes again, and keeps the recent ones', async () => {
    const { rep, adminToken } = await company();
    const recent = await log(rep);
    const fresh = await log(rep);
    // A tombstone left 91 days ago (written as the trigger would have, in the company's own scope).
    const scope = { companyId: toCompanyId(rep.companyId), userId: toUserId(rep.id) };
    await withTenant(t.db, scope, (tx) =>
      tx.execute(sql`INSERT INTO deleted_activities (company_id, id, user_id, type, local_date, deleted_at)
                     VALUES (${rep.companyId}, gen_random_uuid(), ${rep.id}, 'call_unanswered', '2026-08-01', now() - interval '91 days')`),
    );
    expect((await sync(adminToken)).deleted).toHaveLength(1);
    for (const activity of [recent, fresh]) {
      expect((await t.request(`/api/v1/activities/${activity.id}`, { method: 'DELETE', as: rep })).status).toBe(200);
    }
    expect(ids((await sync(adminToken)).deleted)).toEqual(ids([recent, fresh]));
  });
});

describe('who reads what', () => {
  it("gives a rep their own activities only, and an admin everyone's or one member's", async () => {
    const { admin, rep, rep2, adminToken, repToken } = await company();
    const own = await log(rep);
    const colleague = await log(rep2);
    const admins = await log(admin);
    expect(ids((await sync(repToken)).activities)).toEqual([own.id]);
    expect(ids((await sync(repToken, { query: `member=${rep.id}` })).activities)).toEqual([own.id]);
    const refused = await read(repToken, `member=${rep2.id}`);
    expect(refused.status).toBe(403);
    expect(ids((await sync(adminToken)).activities)).toEqual(ids([own, colleague, admins]));
    expect(ids((await sync(adminToken, { query: `member=${rep2.id}` })).activities)).toEqual([colleague.id]);
  });

  it('filters changed and deleted activities alike by member, type and local day', async () => {
    const { rep, rep2, adminToken } = await company();
    const tz = 'Europe/Oslo';
    const seeded = {
      oldCall: await seedActivity(t.db, {
        companyId: rep.companyId,
        userId: rep.id,
        at: new Date('2026-10-01T09:00:00Z'),
        timezone: tz,
        type: 'call_unanswered',
      }),
      oldSale: await seedActivity(t.db, {
        companyId: rep.companyId,
        userId: rep.id,
        at: new Date('2026-10-02T09:00:00Z'),
        timezone: tz,
        type: 'sale',
        ticketSize: 1000 as never,
      }),
      otherSale: await seedActivity(t.db, {
        companyId: rep.companyId,
        userId: rep2.id,
        at: new Date('2026-10-03T09:00:00Z'),
        timezone: tz,
        type: 'sale',
        ticketSize: 2000 as never,
      }),
    };
    const todaysSale = await log(rep, { kind: 'sale', ticketSize: 500 });
    const deletedSale = await log(rep, { kind: 'sale', ticketSize: 700 });
    const deletedCall = await log(rep);
    await t.request(`/api/v1/activities/${deletedSale.id}`, { method: 'DELETE', as: rep });
    await t.request(`/api/v1/activities/${deletedCall.id}`, { method: 'DELETE', as: rep });

    const sales = await sync(adminToken, { query: 'type=sale' });
    expect(ids(sales.activities)).toEqual(ids([seeded.oldSale, seeded.otherSale, todaysSale]));
    expect(ids(sales.deleted)).toEqual([deletedSale.id]);

    const several = await sync(adminToken, { query: 'type=sale&type=call_unanswered' });
    expect(ids(several.activities)).toEqual(ids([seeded.oldCall, seeded.oldSale, seeded.otherSale, todaysSale]));
    expect(ids(several.deleted)).toEqual(ids([deletedSale, deletedCall]));

    const october = await sync(adminToken, { query: 'from=2026-10-02&to=2026-10-03' });
    expect(ids(october.activities)).toEqual(ids([seeded.oldSale, seeded.otherSale]));
    expect(october.deleted).toEqual([]);

    const repsSales = await sync(adminToken, { query: `member=${rep2.id}&type=sale` });
    expect(ids(repsSales.activities)).toEqual([seeded.otherSale.id]);

    // updatedSince: the seeded history is older than today's changes.
    const since = await sync(adminToken, { query: `updatedSince=${encodeURIComponent('2026-10-02T12:00:00+02:00')}` });
    expect(ids(since.activities)).toEqual(ids([seeded.otherSale, todaysSale]));
    expect(ids(since.deleted)).toEqual(ids([deletedSale, deletedCall]));
  });

  it("never shows another company's activities, not even to an admin naming its member", async () => {
    const a = await company();
    const b = await company();
    const theirs = await log(b.rep);
    const synced = await sync(a.adminToken, { query: `member=${b.rep.id}` });
    expect(synced.activities).toEqual([]);
    expect(ids((await sync(a.adminToken)).activities)).not.toContain(theirs.id);
  });

  it('refuses a cursor it did not make, and filters that cannot be', async () => {
    const { adminToken } = await company();
    for (const query of ['cursor=not-a-cursor', `cursor=${Buffer.from('v1|yesterday|x').toString('base64url')}`, 'cursor=%25%25']) {
      const response = await read(adminToken, query);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'bad_request', details: { cursor: expect.any(String) } } });
    }
    for (const query of [
      'type=visit',
      'from=2026-02-30',
      'from=2026-11-02&to=2026-11-01',
      'updatedSince=yesterday',
      'limit=0',
      'limit=1001',
    ]) {
      const response = await read(adminToken, query);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_input');
    }
  });
});

describe('cursor paging', () => {
  it('pages through every change once, in (time, id) order', async () => {
    const { rep, rep2, adminToken } = await company();
    const logged: Activity[] = [];
    for (let i = 0; i < 7; i++) logged.push(await log(i % 2 ? rep : rep2));
    await t.request(`/api/v1/activities/${logged[3]!.id}`, { method: 'DELETE', as: rep });
    const synced = await sync(adminToken, { limit: 2 });
    expect(synced.pages).toBe(4);
    const seen = [...synced.activities.map((a) => a.id), ...synced.deleted.map((d) => d.id)];
    expect(seen.sort()).toEqual(ids(logged));
    expect(new Set(seen).size).toBe(seen.length);
    const times = synced.activities.map((a) => a.updatedAt);
    expect([...times].sort()).toEqual(times);
  });

  it('misses nothing and repeats nothing while others keep writing', async () => {
    const { admin, rep, rep2, adminToken } = await company();
    const writers = [admin, rep, rep2];
    const written: string[] = [];
    const seen: string[] = [];
    let writing = true;
    let seenWhileWriting = 0;
    const writes = (async () => {
      for (let round = 0; round < 20; round++) {
        const batch = await Promise.all(writers.map((member) => log(member)));
        written.push(...batch.map((a) => a.id));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      seenWhileWriting = seen.length;
      writing = false;
    })();
    let cursor = '';
    // Sync again and again while the writes go on, and once more after they are done.
    while (writing) {
      const synced = await sync(adminToken, { cursor, limit: 4, now: true });
      seen.push(...synced.activities.map((a) => a.id));
      cursor = synced.cursor;
      // A client polls: it leaves the event loop a turn between syncs (in-process requests on the
      // embedded engine would otherwise run as one chain of promises and never let the writes in).
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await writes;
    const last = await sync(adminToken, { cursor, limit: 4 });
    seen.push(...last.activities.map((a) => a.id));
    expect(written).toHaveLength(60);
    expect(seenWhileWriting, 'some changes were synced while the writes went on').toBeGreaterThan(0);
    expect(seen.length).toBe(new Set(seen).size);
    expect([...seen].sort()).toEqual([...written].sort());
  });

  if (testEngine === 'postgres') {
    it('holds back while an older write is still open, then serves it before anything newer', async () => {
      const { rep, rep2, adminToken } = await company();
      const first = await sync(adminToken);
      // A write that stamps its change now and commits later (a slow transaction).
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let started!: () => void;
      const isOpen = new Promise<void>((resolve) => (started = resolve));
      const slowId = crypto.randomUUID();
      const slow = withTenant(t.db, { companyId: toCompanyId(rep.companyId), userId: toUserId(rep.id) }, async (tx) => {
        const at = new Date().toISOString();
        await tx.execute(sql`INSERT INTO activities (id, company_id, user_id, type, local_date, created_at, updated_at)
          VALUES (${slowId}, ${rep.companyId}, ${rep.id}, 'call_unanswered', current_date, ${at}, ${at})`);
        started();
        await held;
      });
      await isOpen;
      const later = [await log(rep2), await log(rep2)];
      // Both later changes are committed and past the margin, but the slow one is older and open.
      const during = await sync(adminToken, { cursor: first.cursor });
      expect(during.activities).toEqual([]);
      expect(await findOldestOpenTransactionStart(t.db)).not.toBeNull();
      commit();
      await slow;
      const after = await sync(adminToken, { cursor: during.cursor });
      expect(after.activities.map((a) => a.id)).toEqual([slowId, ...later.map((a) => a.id)]);
    });
  } else {
    it('on the embedded engine one connection runs one transaction at a time: nothing open to wait for', async () => {
      expect(await findOldestOpenTransactionStart(t.db)).toBeNull();
    });
  }
});
