import { and, asc, eq, sql } from 'drizzle-orm';
import type { PushKind, PushPreferences } from '@core/contracts';
import type { Database, Transaction } from '../../db/client';
import { pushOutbox, pushPreferences, pushSubscriptions, pushVapidKeys } from '../../db/schema';
import type { CompanyId, UserId } from '../../db/tenant';

/*
 * Push notifications' tables (decision 055): the instance's VAPID keys, members' subscriptions and
 * choices, and the outbox the worker sends from.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type VapidKeys = { publicKey: string; privateKey: string };

/** Keeps `keys` unless a pair is already stored (another instance got there first); returns the stored pair. */
export async function claimVapidKeys(db: Database, keys: VapidKeys): Promise<VapidKeys> {
  await db
    .insert(pushVapidKeys)
    .values({ id: 1, ...keys })
    .onConflictDoNothing();
  const [row] = await db.select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey }).from(pushVapidKeys);
  return row!;
}

export async function findVapidKeys(db: Database): Promise<VapidKeys | null> {
  const [row] = await db.select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey }).from(pushVapidKeys);
  return row ?? null;
}

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** The member's devices, oldest first. */
export async function selectSubscriptions(tx: Transaction, companyId: CompanyId, userId: UserId): Promise<SubscriptionRow[]> {
  return tx
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.userId, userId)))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
}

/** A browser's subscription for the member: a browser that subscribes again (or changes hands in the company) keeps one row. */
export async function upsertSubscription(
  tx: Transaction,
  companyId: CompanyId,
  input: { userId: UserId; endpoint: string; p256dh: string; auth: string; label: string; now: Date },
): Promise<void> {
  await tx
    .insert(pushSubscriptions)
    .values({ companyId, ...input, createdAt: input.now })
    .onConflictDoUpdate({
      target: [pushSubscriptions.companyId, pushSubscriptions.endpoint],
      set: { userId: input.userId, p256dh: input.p256dh, auth: input.auth, label: input.label, createdAt: input.now },
    });
}

/** Removes the member's subscription with this endpoint; whether there was one. */
export async function deleteSubscription(tx: Transaction, companyId: CompanyId, userId: UserId, endpoint: string): Promise<boolean> {
  const rows = await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Removes one subscription by id (the push service said it is gone: 404 or 410). */
export async function deleteSubscriptionById(tx: Transaction, companyId: CompanyId, id: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.id, id)));
}

export async function selectPreferences(tx: Transaction, companyId: CompanyId, userId: UserId): Promise<PushPreferences | null> {
  const [row] = await tx
    .select()
    .from(pushPreferences)
    .where(and(eq(pushPreferences.companyId, companyId), eq(pushPreferences.userId, userId)));
  if (!row) return null;
  return {
    contestStarted: row.contestStarted,
    badgeEarned: row.badgeEarned,
    wrapupComment: row.wrapupComment,
    wrapupReminder: row.wrapupReminder,
    reminderTime: row.reminderTime,
    quietFrom: row.quietFrom,
    quietTo: row.quietTo,
  };
}

export async function upsertPreferences(
  tx: Transaction,
  companyId: CompanyId,
  userId: UserId,
  preferences: PushPreferences,
  now: Date,
): Promise<void> {
  await tx
    .insert(pushPreferences)
    .values({ companyId, userId, ...preferences, updatedAt: now })
    .onConflictDoUpdate({ target: [pushPreferences.companyId, pushPreferences.userId], set: { ...preferences, updatedAt: now } });
}

export type NewPushNotification = { userId: UserId; kind: PushKind; data: Record<string, unknown>; dedupeKey?: string };

/**
 * Queues notifications (one statement); one whose dedupe key is already queued is left out. No
 * RETURNING: the rows are their recipients' to read, not the writer's (RLS).
 */
export async function insertOutboxRows(
  tx: Transaction,
  companyId: CompanyId,
  rows: readonly NewPushNotification[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(pushOutbox)
    .values(
      rows.map((row) => ({
        companyId,
        userId: row.userId,
        kind: row.kind,
        data: row.data,
        dedupeKey: row.dedupeKey ?? null,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Queues one notification for each of these members who has a device, in one statement (the
 * subscriptions are read by the insert itself): a badge's write pays one statement for push.
 */
export async function insertOutboxForSubscribers(
  tx: Transaction,
  companyId: CompanyId,
  userIds: readonly UserId[] | 'all',
  notification: { kind: PushKind; data: Record<string, unknown> },
  now: Date,
): Promise<void> {
  if (userIds !== 'all' && userIds.length === 0) return;
  const at = now.toISOString();
  await tx.execute(sql`
    INSERT INTO push_outbox (company_id, user_id, kind, data, next_attempt_at, created_at)
    SELECT DISTINCT s.company_id, s.user_id, ${notification.kind}, ${JSON.stringify(notification.data)}::jsonb, ${at}::timestamptz, ${at}::timestamptz
      FROM push_subscriptions s
     WHERE s.company_id = ${companyId}
       ${userIds === 'all' ? sql`` : sql`AND s.user_id = ANY(${sql.param([...userIds])}::text[])`}`);
}

/** The worker's transactions: every company's rows, as the connecting role (never as app_user). */
export async function withPushWorker<T>(db: Database, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.push_worker', 'on', true), set_config('app.company_id', '', true)`);
    return fn(tx);
  });
}

export type ClaimedNotification = {
  id: string;
  companyId: CompanyId;
  userId: UserId;
  kind: PushKind;
  data: Record<string, unknown>;
  attempts: number;
  createdAt: Date;
};

/** Claims due notifications for this instance (FOR UPDATE SKIP LOCKED: on several instances each is claimed by one). */
export async function claimDueNotifications(
  db: Database,
  input: { now: Date; leaseUntil: Date; limit: number },
): Promise<{ claimed: ClaimedNotification[]; nextDueAt: Date | null }> {
  const now = input.now.toISOString();
  return withPushWorker(db, async (tx) => {
    const result = await tx.execute(sql`
      WITH due AS (
        SELECT o.id FROM push_outbox o
         WHERE o.status IN ('pending', 'sending')
           AND (o.status = 'pending' AND o.next_attempt_at <= ${now}::timestamptz
                OR o.status = 'sending' AND o.lease_until <= ${now}::timestamptz)
         ORDER BY o.next_attempt_at
         LIMIT ${input.limit}
         FOR UPDATE SKIP LOCKED
      )
      UPDATE push_outbox o
         SET status = 'sending', lease_until = ${input.leaseUntil.toISOString()}::timestamptz, attempts = o.attempts + 1
        FROM due
       WHERE o.id = due.id
      RETURNING o.id, o.company_id, o.user_id, o.kind, o.data, o.attempts, o.created_at`);
    const claimed = rowsOf<Record<string, unknown>>(result).map((row) => ({
      id: String(row.id),
      companyId: row.company_id as CompanyId,
      userId: row.user_id as UserId,
      kind: row.kind as PushKind,
      data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
      attempts: Number(row.attempts),
      createdAt: new Date(row.created_at as string),
    }));
    // Nothing due now: when the next one is (a retry's time, a lease that runs out), so an idle
    // worker sleeps until then instead of looking every second (decision 095).
    if (claimed.length > 0) return { claimed, nextDueAt: null };
    const [next] = rowsOf<{ at: string | Date | null }>(
      await tx.execute(sql`SELECT least(
        (SELECT min(next_attempt_at) FROM push_outbox WHERE status = 'pending'),
        (SELECT min(lease_until) FROM push_outbox WHERE status = 'sending')) AS at`),
    );
    return { claimed, nextDueAt: next?.at ? new Date(next.at) : null };
  });
}

/** Records what became of a claimed notification (if the claim is still this instance's). */
export async function finishNotification(
  db: Database,
  input: {
    id: string;
    attempts: number;
    status: 'sent' | 'dropped' | 'failed' | 'pending';
    outcome: string;
    nextAttemptAt?: Date;
    now: Date;
  },
): Promise<void> {
  await withPushWorker(db, (tx) =>
    tx
      .update(pushOutbox)
      .set({
        status: input.status,
        outcome: input.outcome,
        leaseUntil: null,
        nextAttemptAt: input.nextAttemptAt ?? input.now,
        finishedAt: input.status === 'pending' ? null : input.now,
      })
      .where(and(eq(pushOutbox.id, input.id), eq(pushOutbox.attempts, input.attempts), eq(pushOutbox.status, 'sending'))),
  );
}

/**
 * Forgets notifications finished before `before` (sent, dropped or given up), a batch at a time.
 * Nobody reads them after the fact: the outbox is a queue, and a finished row only explains what
 * became of a recent notification. Their dedupe keys are for one day, contest or badge, none of
 * which comes again, so forgetting them cannot send anything twice.
 */
export async function deleteFinishedNotifications(db: Database, input: { before: Date; limit: number }): Promise<number> {
  return withPushWorker(db, async (tx) => {
    const result = await tx.execute(sql`
      DELETE FROM push_outbox WHERE id IN (
        SELECT id FROM push_outbox
         WHERE status IN ('sent', 'dropped', 'failed') AND finished_at < ${input.before.toISOString()}::timestamptz
         LIMIT ${input.limit})
      RETURNING id`);
    return rowsOf(result).length;
  });
}

export type ReminderCandidate = { companyId: CompanyId; userId: UserId; reminderTime: string };

/** Members of every company whose wrap-up reminder is on and who have a device (the reminder's scheduler). */
export async function selectReminderCandidates(db: Database): Promise<ReminderCandidate[]> {
  return withPushWorker(db, async (tx) => {
    const rows = await tx
      .select({ companyId: pushPreferences.companyId, userId: pushPreferences.userId, reminderTime: pushPreferences.reminderTime })
      .from(pushPreferences)
      .where(
        and(
          eq(pushPreferences.wrapupReminder, true),
          sql`EXISTS (SELECT 1 FROM ${pushSubscriptions} s WHERE s.company_id = ${pushPreferences.companyId} AND s.user_id = ${pushPreferences.userId})`,
        ),
      );
    return rows;
  });
}

/** A member's notifications, newest first (tests and support read them). */
export async function selectOutboxRows(tx: Transaction, companyId: CompanyId, userId: UserId) {
  return tx
    .select()
    .from(pushOutbox)
    .where(and(eq(pushOutbox.companyId, companyId), eq(pushOutbox.userId, userId)))
    .orderBy(sql`${pushOutbox.createdAt} desc`);
}
