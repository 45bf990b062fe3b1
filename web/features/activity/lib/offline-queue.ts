import type { Activity, LogActivity } from '@core/contracts';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { ApiRequestError } from '@web/lib/api/errors';

/*
 * The phone's queue of logs not yet on the server (decision 054). Every log from the quick log
 * screen is written here first, with its device key (clientKey) and the company-local day and
 * time it was tapped, then sent; the server counts a key once, so sending again after a lost
 * answer never doubles it. Kept per person: a log waits for the account that made it.
 */

export type PendingActivity = {
  clientKey: string;
  userId: string;
  body: LogActivity & { clientKey: string };
  /** When it was tapped (ISO): the list's order and what the screen shows. */
  tappedAt: string;
  /** Waiting to be sent, or refused by the server (kept until the rep discards it). */
  status: 'waiting' | 'refused';
  /** The server's refusal; `details` names the fields it was about (a dialog shows them there). */
  refusal?: { status: number; code: string; message: string; details?: Record<string, string> };
};

interface QueueSchema extends DBSchema {
  pending: { key: string; value: PendingActivity; indexes: { byUser: string } };
}

const DB_NAME = 'dealboard-offline';
let database: Promise<IDBPDatabase<QueueSchema>> | null = null;

function openQueue(): Promise<IDBPDatabase<QueueSchema>> {
  database ??= openDB<QueueSchema>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('pending', { keyPath: 'clientKey' }).createIndex('byUser', 'userId');
    },
  });
  return database;
}

export async function addPendingActivity(entry: PendingActivity): Promise<void> {
  await (await openQueue()).put('pending', entry);
}

/** The person's logs on this device, oldest first. */
export async function findPendingActivities(userId: string): Promise<PendingActivity[]> {
  const all = await (await openQueue()).getAllFromIndex('pending', 'byUser', userId);
  return all.sort((a, b) => a.tappedAt.localeCompare(b.tappedAt));
}

export async function discardPendingActivity(clientKey: string): Promise<void> {
  await (await openQueue()).delete('pending', clientKey);
}

/** A refusal that sending again cannot change: the rep must see it (and may discard the log). */
function isFinalRefusal(error: unknown): error is ApiRequestError {
  if (!(error instanceof ApiRequestError) || error.status < 400 || error.status >= 500) return false;
  // Signed out, too fast, or the sender's role changed under the request (nothing saved): try again later.
  return error.status !== 401 && error.status !== 429 && error.code !== 'caller_changed';
}

/** A log the server took, with the key it was kept under. */
export type SentActivity = { clientKey: string; activity: Activity };

export type SyncResult = { sent: SentActivity[]; refused: PendingActivity[]; stillWaiting: number };

/**
 * Sends the person's waiting logs in the order they were tapped (so the 20th call is the 20th),
 * one at a time. Stops at the first that cannot reach the server (offline, a 5xx, a signed-out
 * session): the rest wait for the next try. A log the server refuses is kept, marked refused.
 * A log the server says was deleted since it took it (410 activity_deleted: its answer was lost,
 * and the person deleted it elsewhere) is forgotten without a word: that is what they asked for.
 */
export async function syncPendingActivities(userId: string, send: (body: LogActivity) => Promise<Activity>): Promise<SyncResult> {
  const result: SyncResult = { sent: [], refused: [], stillWaiting: 0 };
  const waiting = (await findPendingActivities(userId)).filter((entry) => entry.status === 'waiting');
  for (const [index, entry] of waiting.entries()) {
    try {
      result.sent.push({ clientKey: entry.clientKey, activity: await send(entry.body) });
      await discardPendingActivity(entry.clientKey);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 410 && error.code === 'activity_deleted') {
        await discardPendingActivity(entry.clientKey);
        continue;
      }
      if (!isFinalRefusal(error)) {
        result.stillWaiting = waiting.length - index;
        break;
      }
      const refused: PendingActivity = {
        ...entry,
        status: 'refused',
        refusal: { status: error.status, code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
      };
      await addPendingActivity(refused);
      result.refused.push(refused);
    }
  }
  return result;
}
