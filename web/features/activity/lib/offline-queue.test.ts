import 'fake-indexeddb/auto';
import type { Activity, LogActivity } from '@core/contracts';
import type { QuickLog } from './use-offline-log';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, networkError } from '@web/lib/api/errors';
import {
  addPendingActivity,
  discardPendingActivity,
  findPendingActivities,
  type PendingActivity,
  syncPendingActivities,
} from './offline-queue';

/*
 * The phone's offline queue (IndexedDB, here fake-indexeddb's in jsdom). `send` stands for the
 * server: it answers like POST /api/v1/activities would (an activity, a refusal, or no connection).
 */

let clock = Date.parse('2026-11-20T08:00:00Z');

function pending(userId: string, body: QuickLog): PendingActivity {
  const clientKey = crypto.randomUUID();
  return {
    clientKey,
    userId,
    body: { ...body, clientKey } as PendingActivity['body'],
    tappedAt: new Date((clock += 60_000)).toISOString(),
    status: 'waiting',
  };
}

const answered = (body: LogActivity) => ({ id: body.clientKey, kind: body.kind }) as unknown as Activity;

describe('the offline queue', () => {
  it('sends waiting logs oldest first, each with the key it was kept with, and forgets what was sent', async () => {
    const user = crypto.randomUUID();
    const kept = [pending(user, { kind: 'call', answered: false }), pending(user, { kind: 'sale', ticketSize: 100 })];
    for (const entry of [...kept].reverse()) await addPendingActivity(entry);
    const sent: LogActivity[] = [];
    const result = await syncPendingActivities(user, async (body) => (sent.push(body), answered(body)));
    expect(sent.map((body) => body.clientKey)).toEqual(kept.map((entry) => entry.clientKey));
    expect(result).toMatchObject({ refused: [], stillWaiting: 0 });
    expect(await findPendingActivities(user)).toEqual([]);
  });

  it('stops at a lost connection and sends the rest later with the same keys', async () => {
    const user = crypto.randomUUID();
    const kept = [
      pending(user, { kind: 'call', answered: false }),
      pending(user, { kind: 'call', answered: false }),
      pending(user, { kind: 'meeting' }),
    ];
    for (const entry of kept) await addPendingActivity(entry);
    let calls = 0;
    const offlineAfterOne = await syncPendingActivities(user, async (body) => {
      if (++calls > 1) throw networkError();
      return answered(body);
    });
    expect(offlineAfterOne).toMatchObject({ stillWaiting: 2 });
    expect((await findPendingActivities(user)).map((entry) => entry.clientKey)).toEqual(kept.slice(1).map((entry) => entry.clientKey));

    const resent: string[] = [];
    await syncPendingActivities(user, async (body) => (resent.push(body.clientKey!), answered(body)));
    expect(resent).toEqual(kept.slice(1).map((entry) => entry.clientKey));
    expect(await findPendingActivities(user)).toEqual([]);
  });

  it('keeps a log the server refuses, with the reason, until the rep discards it; the others still go', async () => {
    const user = crypto.randomUUID();
    const email = pending(user, { kind: 'email' });
    const call = pending(user, { kind: 'call', answered: false });
    await addPendingActivity(email);
    await addPendingActivity(call);
    const message = 'E-mail logging is turned off for your company.';
    const result = await syncPendingActivities(user, async (body) => {
      if (body.kind === 'email') throw new ApiRequestError(400, 'kpi_rule_disabled', message);
      return answered(body);
    });
    expect(result.sent).toHaveLength(1);
    const left = await findPendingActivities(user);
    expect(left).toEqual([{ ...email, status: 'refused', refusal: { status: 400, code: 'kpi_rule_disabled', message } }]);
    // A refused log is not sent again by itself.
    await syncPendingActivities(user, () => Promise.reject(new Error('must not be sent')));
    await discardPendingActivity(email.clientKey);
    expect(await findPendingActivities(user)).toEqual([]);
  });

  it('forgets, without a refusal, a log the server says was deleted since it took it; the others still go', async () => {
    const user = crypto.randomUUID();
    const deleted = pending(user, { kind: 'meeting' });
    const call = pending(user, { kind: 'call', answered: false });
    await addPendingActivity(deleted);
    await addPendingActivity(call);
    const result = await syncPendingActivities(user, async (body) => {
      if (body.clientKey === deleted.clientKey) throw new ApiRequestError(410, 'activity_deleted', 'This activity was deleted.');
      return answered(body);
    });
    expect(result).toEqual({ sent: [{ clientKey: call.clientKey, activity: answered(call.body) }], refused: [], stillWaiting: 0 });
    expect(await findPendingActivities(user)).toEqual([]);
  });

  it('keeps waiting on a server error or an expired session, and keeps each person’s logs apart', async () => {
    const user = crypto.randomUUID();
    const other = crypto.randomUUID();
    await addPendingActivity(pending(user, { kind: 'meeting' }));
    await addPendingActivity(pending(other, { kind: 'meeting' }));
    for (const status of [500, 401, 429]) {
      await syncPendingActivities(user, () => Promise.reject(new ApiRequestError(status, 'x', 'Try again')));
      expect(await findPendingActivities(user)).toMatchObject([{ status: 'waiting' }]);
    }
    // The caller's role changed under the request (decision 096): nothing was saved; the next try is judged afresh.
    await syncPendingActivities(user, () => Promise.reject(new ApiRequestError(409, 'caller_changed', 'Try again')));
    expect(await findPendingActivities(user)).toMatchObject([{ status: 'waiting' }]);
    expect(await findPendingActivities(other)).toHaveLength(1);
  });
});
