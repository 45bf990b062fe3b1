import type { PushWorker } from '../../context';
import type { PushMessageInput } from '@core/push';
import { composePushMessage, computeClockTime, decidePushDrop, DEFAULT_PUSH_PREFERENCES } from '@core/push';
import { type LocalizedNames, toLanguage } from '@core/contracts';
import { selectAccountLocale } from '../../auth/accounts';
import type { Database } from '../../db/client';
import { toUserId, withTenant } from '../../db/tenant';
import { composeScheduledWorker, createPollingLoop, createTimedStep } from '../../lib/polling-loop';
import { selectCompany } from '../companies/companies.service';
import { selectActiveMemberFacesOf } from '../companies/memberships.service';
import type { OutboundTargetPolicy } from '../../lib/outbound-targets';
import {
  type ClaimedNotification,
  claimDueNotifications,
  deleteFinishedNotifications,
  deleteSubscriptionById,
  finishNotification,
  selectPreferences,
  selectSubscriptions,
} from './push.repository';
import { resolveVapidKeys, sendPushMessage } from './push.sender';
import { queueDueReminders } from './push.service';

/*
 * The push worker (decision 055): runs in every server process, on both engines. Each round queues
 * the wrap-up reminders that are due (once a minute), claims due notifications (FOR UPDATE SKIP
 * LOCKED: on several instances each is claimed by one), and sends each to its member's devices,
 * after reading, as that member, whether they still want it now (switches, quiet hours) and in
 * which language. Time comes from `now`, so tests move the clock instead of waiting.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Longer than sending to ten devices may take, so a live instance is never overtaken. */
const LEASE_MS = 2 * MINUTE;
const CLAIM_BATCH = 20;
const POLL_MS = SECOND;
/** A push service that failed (5xx, no answer) is tried again after 1 and 5 minutes, then the notification is given up. */
const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE] as const;

export type PushWorkerOptions = {
  db: Database;
  now: () => Date;
  policy: OutboundTargetPolicy;
  /** The VAPID subject: how a push service reaches the operator (mailto: or https:). */
  subject: string;
  /** The app's address, for the notification's link. */
  publicUrl: string;
  attemptTimeoutMs?: number;
  /** How long an idle worker waits before it looks again unwoken (default: a second, decision 095). */
  idleDelayMs?: () => number;
};

type Outcome = { status: 'sent' | 'dropped' | 'failed' | 'pending'; outcome: string; nextAttemptAt?: Date };

/** How long a finished notification is kept: long enough to look into a complaint ("I never got it"). */
export const FINISHED_NOTIFICATION_DAYS = 14;
const HOUR = 60 * MINUTE;
const CLEANUP_BATCH = 1000;

export function createPushWorker(options: PushWorkerOptions): PushWorker {
  // The wrap-up reminders are due at members' chosen times: looked for then, not every minute.
  const reminders = createTimedStep('push', (now) => queueDueReminders(options.db, now));
  let lastCleanupHour = -1;

  async function deliver(claimed: ClaimedNotification): Promise<Outcome> {
    const now = options.now();
    const scope = { companyId: claimed.companyId, userId: claimed.userId };
    const authorId = typeof claimed.data.authorId === 'string' ? toUserId(claimed.data.authorId) : null;
    // Everything read as the member: their company, their choices, their devices, and only names of their colleagues.
    const read = await withTenant(options.db, scope, async (tx) => {
      const company = await selectCompany(tx, claimed.companyId);
      const faces = await selectActiveMemberFacesOf(tx, claimed.companyId, authorId ? [claimed.userId, authorId] : [claimed.userId]);
      return {
        company,
        isMember: faces.some((face) => face.userId === claimed.userId),
        authorName: faces.find((face) => face.userId === authorId)?.displayName ?? null,
        locale: await selectAccountLocale(tx, claimed.userId),
        preferences: (await selectPreferences(tx, claimed.companyId, claimed.userId)) ?? DEFAULT_PUSH_PREFERENCES,
        devices: await selectSubscriptions(tx, claimed.companyId, claimed.userId),
      };
    });
    if (!read.company || !read.isMember) return { status: 'dropped', outcome: 'not a member' };
    const drop = decidePushDrop({
      kind: claimed.kind,
      preferences: read.preferences,
      time: computeClockTime(now, read.company.timezone),
      ageMs: now.getTime() - claimed.createdAt.getTime(),
    });
    if (drop) return { status: 'dropped', outcome: drop };
    if (read.devices.length === 0) return { status: 'dropped', outcome: 'no devices' };
    const input = toMessageInput(claimed, read.authorName);
    if (!input) return { status: 'dropped', outcome: 'nothing to say' };
    const message = composePushMessage(input, toLanguage(read.locale) ?? 'en');
    const payload = JSON.stringify({ ...message, url: new URL(message.url, options.publicUrl).pathname });
    const keys = await resolveVapidKeys(options.db);
    const results = await Promise.all(
      read.devices.map(async (device) => {
        const result = await sendPushMessage({
          target: device,
          payload,
          keys,
          subject: options.subject,
          policy: options.policy,
          ...(options.attemptTimeoutMs ? { timeoutMs: options.attemptTimeoutMs } : {}),
        });
        if (result.gone) await withTenant(options.db, scope, (tx) => deleteSubscriptionById(tx, claimed.companyId, device.id));
        return result;
      }),
    );
    const delivered = results.filter((result) => result.delivered).length;
    const summary = results.map((result) => result.detail).join('; ');
    if (delivered > 0) return { status: 'sent', outcome: `${delivered} of ${results.length} devices: ${summary}` };
    if (results.every((result) => result.gone)) return { status: 'dropped', outcome: `devices gone: ${summary}` };
    const delay = RETRY_DELAYS_MS[claimed.attempts - 1];
    if (delay === undefined) return { status: 'failed', outcome: summary };
    return { status: 'pending', outcome: summary, nextAttemptAt: new Date(now.getTime() + delay) };
  }

  async function handle(claimed: ClaimedNotification): Promise<void> {
    const result = await deliver(claimed).catch((error: Error): Outcome => {
      console.error('[push] a notification failed', error);
      return { status: 'failed', outcome: error.message };
    });
    await finishNotification(options.db, { id: claimed.id, attempts: claimed.attempts, now: options.now(), ...result });
  }

  /** Keeps the outbox to recent notifications, in batches so no round holds locks for long. */
  async function forgetFinishedNotifications(before: Date): Promise<void> {
    while ((await deleteFinishedNotifications(options.db, { before, limit: CLEANUP_BATCH })) === CLEANUP_BATCH);
  }

  async function runDue(): Promise<number> {
    const now = options.now();
    await reminders.runIfDue(now);
    const hour = Math.floor(now.getTime() / HOUR);
    if (hour !== lastCleanupHour) {
      lastCleanupHour = hour;
      const before = new Date(now.getTime() - FINISHED_NOTIFICATION_DAYS * 24 * HOUR);
      await forgetFinishedNotifications(before).catch((error) => console.error('[push] forgetting finished notifications failed', error));
    }
    const { claimed, nextDueAt } = await claimDueNotifications(options.db, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: CLAIM_BATCH,
    });
    // A time already passed belongs to one this round could not take (a turned-off endpoint's, a chat
    // post behind its channel's retry, an endpoint's eleventh): waiting for it would not help, and
    // looking again at once would spin. Those come back when something is sent, or at the next look.
    nextDueInMs = nextDueAt === null || nextDueAt.getTime() <= now.getTime() ? null : nextDueAt.getTime() - now.getTime();
    await Promise.all(claimed.map(handle));
    return claimed.length;
  }

  /** After an idle round: how long until the next retry or lease end it saw, if any. */
  let nextDueInMs: number | null = null;
  const loop = createPollingLoop({
    name: 'push',
    round: runDue,
    // A full batch: more is waiting. Otherwise the next retry it knows of, the next reminder's
    // time, or being woken (new notifications are announced), whichever comes first.
    delayAfter: (handled) => {
      if ((handled ?? 0) >= CLAIM_BATCH) return 0;
      return Math.min(options.idleDelayMs?.() ?? POLL_MS, nextDueInMs ?? Infinity, reminders.delayFrom(options.now()));
    },
  });
  // A change to what the step's times come from is announced; bootstrap.ts calls reschedule.
  return composeScheduledWorker(runDue, loop, reminders);
}

function toMessageInput(claimed: ClaimedNotification, authorName: string | null): PushMessageInput | null {
  const data = claimed.data;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  switch (claimed.kind) {
    case 'contest_started':
      return { kind: claimed.kind, contestId: text(data.contestId), contestName: text(data.contestName) };
    case 'badge_earned':
      return {
        kind: claimed.kind,
        badge: text(data.badge),
        ...(typeof data.names === 'object' && data.names !== null ? { names: data.names as LocalizedNames } : {}),
        ...(typeof data.companyBadgeId === 'string' ? { companyBadgeId: data.companyBadgeId } : {}),
      };
    case 'wrapup_comment':
      // A comment by someone who has left since: nobody to name, nothing to say.
      return authorName === null ? null : { kind: claimed.kind, wrapupId: text(data.wrapupId), authorName, excerpt: text(data.excerpt) };
    case 'wrapup_reminder':
      return { kind: claimed.kind, date: text(data.date) };
  }
}
