import type { WebhookWorker } from '../../context';
import type { Database } from '../../db/client';
import type { CompanyId } from '../../db/tenant';
import type { Mailer } from '../../mail/mailer';
import { chooseMailLanguage, renderWebhookDisabledMail } from '../../mail/templates';
import {
  claimDueWebhookDeliveries,
  type ClaimedDelivery,
  findEndpointForMail,
  finishWebhookDelivery,
} from './webhook-deliveries.repository';
import { sendWebhook, WEBHOOK_ATTEMPT_TIMEOUT_MS, type WebhookAttemptResult } from './webhooks.sender';
import type { OutboundTargetPolicy } from '../../lib/outbound-targets';
import { hintChatUrl } from '@core/contracts';
import { renderChatPost } from './chat-endpoints.service';
import { composeScheduledWorker, createPollingLoop, createTimedStep } from '../../lib/polling-loop';

/*
 * The delivery worker (decision 037): runs in every server process, on both engines. Each round
 * claims the due deliveries (webhook-deliveries.repository.ts, FOR UPDATE SKIP LOCKED: on several
 * instances each delivery is claimed by one), sends them, and records the outcome. Time comes from `now`, so
 * tests move the clock over a day of retries instead of waiting for it.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The waits after each failed attempt: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h; then one last attempt a
 * day after the first, and the delivery gives up when that fails too (8 attempts over 24 hours).
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR] as const;
export const WEBHOOK_GIVE_UP_AFTER_MS = 24 * HOUR;

/** How long a claim is this instance's: longer than an attempt may take, so a live instance is never overtaken. */
const LEASE_MS = WEBHOOK_ATTEMPT_TIMEOUT_MS + 50 * SECOND;
/** Deliveries claimed per round, sent side by side. */
const CLAIM_BATCH = 50;
/**
 * Deliveries one webhook endpoint has in flight at most (decision 073): enough for a fast receiver
 * to take 50 a second and more, few enough not to flood a slow one.
 */
export const WEBHOOK_IN_FLIGHT_PER_ENDPOINT = 10;
/**
 * How often an idle worker looks for due deliveries when nobody wakes it (decision 095): every
 * second while its instance cannot hear new deliveries announced (`idleDelayMs` says how long
 * otherwise; bootstrap.ts wakes the worker on each announcement).
 */
const POLL_MS = SECOND;

/**
 * What follows a failed attempt: the next attempt's time, or null to give up (the attempt that
 * failed was the one a day after the first, or later).
 */
export function computeNextWebhookAttempt(input: { attempts: number; firstAttemptAt: Date; now: Date }): Date | null {
  const giveUpAt = input.firstAttemptAt.getTime() + WEBHOOK_GIVE_UP_AFTER_MS;
  if (input.now.getTime() >= giveUpAt) return null;
  const delay = WEBHOOK_RETRY_DELAYS_MS[input.attempts - 1];
  return new Date(delay === undefined ? giveUpAt : Math.min(input.now.getTime() + delay, giveUpAt));
}

/**
 * The next attempt after a failed one: a 429's Retry-After when it gave one (Slack and Teams
 * throttle a busy webhook and say when to come back), else the backoff; never past the day.
 */
function computeNextAttempt(claimed: ClaimedDelivery, result: WebhookAttemptResult, now: Date): Date | null {
  const next = computeNextWebhookAttempt({ attempts: claimed.attempts, firstAttemptAt: claimed.firstAttemptAt, now });
  if (next === null || result.retryAfterMs === null || result.retryAfterMs === undefined) return next;
  const giveUpAt = claimed.firstAttemptAt.getTime() + WEBHOOK_GIVE_UP_AFTER_MS;
  return new Date(Math.min(now.getTime() + Math.max(result.retryAfterMs, SECOND), giveUpAt));
}

/** An admin who is told when an endpoint is turned off. */
export type AdminRecipient = { email: string; locale: string | null };

export type WebhookWorkerOptions = {
  db: Database;
  now: () => Date;
  policy: OutboundTargetPolicy;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  /** The company's active admins (from the memberships' owner, wired in bootstrap.ts). */
  findAdminRecipients: (companyId: CompanyId) => Promise<AdminRecipient[]>;
  /**
   * Runs at the start of a round when it is due (decision 096): the chat module queues the daily
   * summaries that are due (decision 038) and says when the next one is (null: none scheduled).
   */
  beforeRound?: (now: Date) => Promise<Date | null>;
  /** Per attempt; tests shorten it. */
  attemptTimeoutMs?: number;
  /** How long an idle worker waits before it looks again unwoken (default: a second). */
  idleDelayMs?: () => number;
};

export function createWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  /** The minute the daily summaries were last looked for (runDue). */
  const summaries = options.beforeRound ? createTimedStep('webhooks', options.beforeRound) : null;
  async function deliver(claimed: ClaimedDelivery): Promise<void> {
    const result = await sendClaimed(claimed);
    const now = options.now();
    const next = result.succeeded ? null : computeNextAttempt(claimed, result, now);
    const outcome = result.succeeded ? 'succeeded' : next ? 'retry' : 'failed';
    const finished = await finishWebhookDelivery(options.db, {
      id: claimed.id,
      attempts: claimed.attempts,
      outcome,
      nextAttemptAt: next,
      responseStatus: result.responseStatus,
      responseExcerpt: result.responseExcerpt,
    });
    if (finished.endpointDisabled) await tellAdmins(claimed, result);
  }

  /** A signed webhook as stored; a Slack or Teams post written now from its message, unsigned (decision 038). */
  async function sendClaimed(claimed: ClaimedDelivery): Promise<WebhookAttemptResult> {
    const chat = claimed.kind !== 'webhook';
    let body = claimed.body;
    if (chat) {
      try {
        body = renderChatPost(claimed.kind, claimed.chatLanguage, claimed.body);
      } catch (error) {
        return {
          succeeded: false,
          responseStatus: null,
          responseExcerpt: `Not sent: the message could not be written (${(error as Error).message})`,
        };
      }
    }
    return sendWebhook(
      { id: claimed.id, url: claimed.url, secret: claimed.secret, body, timestamp: options.now(), unsigned: chat },
      options.policy,
      options.attemptTimeoutMs,
    );
  }

  async function tellAdmins(claimed: ClaimedDelivery, result: WebhookAttemptResult): Promise<void> {
    const endpoint = await findEndpointForMail(options.db, claimed.endpointId);
    if (!endpoint) return;
    const lastError = result.responseStatus !== null ? `HTTP ${result.responseStatus} ${result.responseExcerpt}` : result.responseExcerpt;
    for (const admin of await options.findAdminRecipients(claimed.companyId)) {
      const mail = renderWebhookDisabledMail({
        brand: options.brand,
        to: admin.email,
        // A chat URL is the channel's secret: the mail names its host only.
        url: `${options.publicUrl}/app/admin/${claimed.kind === 'webhook' ? 'webhooks' : 'integrations'}`,
        endpointUrl: claimed.kind === 'webhook' ? endpoint.url : hintChatUrl(endpoint.url),
        lastError: lastError.trim(),
        language: chooseMailLanguage(admin.locale, undefined),
      });
      await options.mailer.send(mail).catch((error) => console.error('[webhooks] the mail about a disabled endpoint failed', error));
    }
  }

  async function runDue(): Promise<number> {
    const now = options.now();
    // Daily summaries that are due join the queue first, so they go out in this round. They are
    // looked for when the next one is due (decision 096), not every minute.
    await summaries?.runIfDue(now);
    const { claimed, nextDueAt } = await claimDueWebhookDeliveries(options.db, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: CLAIM_BATCH,
      perEndpoint: WEBHOOK_IN_FLIGHT_PER_ENDPOINT,
    });
    // A time already passed belongs to one this round could not take (a turned-off endpoint's, a chat
    // post behind its channel's retry, an endpoint's eleventh): waiting for it would not help, and
    // looking again at once would spin. Those come back when something is sent, or at the next look.
    nextDueInMs = nextDueAt === null || nextDueAt.getTime() <= now.getTime() ? null : nextDueAt.getTime() - now.getTime();
    await Promise.all(claimed.map((delivery) => deliver(delivery).catch((error) => console.error('[webhooks] delivery failed', error))));
    return claimed.length;
  }

  /** After an idle round: how long until the next retry or lease end it saw, if any. */
  let nextDueInMs: number | null = null;
  const loop = createPollingLoop({
    name: 'webhooks',
    round: runDue,
    // Something was sent: more may be due (an endpoint's next ten), so look again at once. An idle
    // round waits until the next retry it knows of, the next minute's daily summaries, or to be
    // woken (new deliveries are announced), whichever comes first.
    delayAfter: (sent) => {
      if ((sent ?? 0) > 0) return 0;
      return Math.min(options.idleDelayMs?.() ?? POLL_MS, nextDueInMs ?? Infinity, summaries?.delayFrom(options.now()) ?? Infinity);
    },
  });

  // A change to what the step's times come from is announced; bootstrap.ts calls reschedule.
  return composeScheduledWorker(runDue, loop, summaries);
}
