import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveChange } from '@core/contracts';
import { toCompanyId, toUserId, withTenant } from '../../db/tenant';
import { createTestApp, type TestApp } from '../../test/test-app';
import { listFeedEvents, recordFeedEvents } from './feed.service';

/*
 * Feed events (decision 048): recorded in the transaction of the change that noticed them, read
 * newest first by the company alone, and announced live with their kind.
 */

type Member = Awaited<ReturnType<TestApp['createMember']>>;

let t: TestApp;
let ada: Member;
let ola: Member;
let outsider: Member;

beforeAll(async () => {
  t = await createTestApp();
  ada = await t.createMember({ role: 'admin', name: 'Ada Admin' });
  ola = await t.createMember({ companyId: ada.companyId, name: 'Ola Oslo' });
  outsider = await t.createMember({ role: 'admin', name: 'Otto Outsider' });
});
afterAll(() => t.close());

const scopeOf = (member: Member) => ({ companyId: toCompanyId(member.companyId), userId: toUserId(member.id) });

describe('feed events', () => {
  it('are recorded in the change’s transaction, announced live with their kind, and read newest first', async () => {
    const received: LiveChange[] = [];
    const unsubscribe = t.deps.realtime.subscribe(ada.companyId, (change) => {
      if (change.table === 'feed_events') received.push(change);
    });
    try {
      const companyId = toCompanyId(ada.companyId);
      const [badge] = await withTenant(t.db, scopeOf(ola), (tx) =>
        recordFeedEvents(
          tx,
          companyId,
          [{ kind: 'badge.earned', userId: toUserId(ola.id), subjectId: 'b1', data: { badge: 'first_sale' } }],
          new Date('2026-11-25T09:00:00Z'),
        ),
      );
      const [started] = await withTenant(t.db, scopeOf(ada), (tx) =>
        recordFeedEvents(
          tx,
          companyId,
          [{ kind: 'contest.started', subjectId: 'c1', data: { contestId: 'c1' } }],
          new Date('2026-11-25T10:00:00Z'),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received).toEqual([
        { table: 'feed_events', op: 'INSERT', id: badge!.id, userId: ola.id, feed: { kind: 'badge.earned' } },
        { table: 'feed_events', op: 'INSERT', id: started!.id, userId: null, feed: { kind: 'contest.started' } },
      ]);

      const newest = await listFeedEvents(t.db, scopeOf(ola), { limit: 10 });
      expect(newest.map((event) => [event.kind, event.userId, event.subjectId, event.data])).toEqual([
        ['contest.started', null, 'c1', { contestId: 'c1' }],
        ['badge.earned', ola.id, 'b1', { badge: 'first_sale' }],
      ]);
      expect(newest[0]!.createdAt).toBe('2026-11-25T10:00:00.000Z');
      const next = await listFeedEvents(t.db, scopeOf(ola), {
        limit: 1,
        before: { createdAt: new Date(newest[0]!.createdAt), id: newest[0]!.id },
      });
      expect(next.map((event) => event.id)).toEqual([badge!.id]);
    } finally {
      unsubscribe();
    }
  });

  it('a rolled-back change announces nothing', async () => {
    const before = await listFeedEvents(t.db, scopeOf(ada), { limit: 100 });
    await expect(
      withTenant(t.db, scopeOf(ada), async (tx) => {
        await recordFeedEvents(tx, toCompanyId(ada.companyId), [{ kind: 'goal.reached', userId: toUserId(ada.id) }], new Date());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await listFeedEvents(t.db, scopeOf(ada), { limit: 100 })).toHaveLength(before.length);
  });

  it('another company neither reads them nor writes into this company', async () => {
    expect(await listFeedEvents(t.db, scopeOf(outsider), { limit: 100 })).toEqual([]);
    // The outsider's transaction is its own company's: the policy refuses a row for Ada's.
    await expect(
      withTenant(t.db, scopeOf(outsider), (tx) =>
        recordFeedEvents(tx, toCompanyId(ada.companyId), [{ kind: 'record.broken' }], new Date()),
      ),
    ).rejects.toThrow();
  });
});
