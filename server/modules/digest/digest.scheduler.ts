import type { DigestScheduler } from '../../context';
import { computeDueDigestWeek, computeNextDigestTime } from '@core/digest';
import type { Database } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { findCompanyClocks } from '../companies/companies.service';
import { sendCompanyDigests } from './digest.service';
import { composeScheduledWorker, createPollingLoop, createTimedStep } from '../../lib/polling-loop';

/*
 * The weekly digest's scheduler (decision 047): runs in every server process, on both engines.
 * It looks at every company's wall clock when the earliest coming Monday 07:00 of any company
 * arrives (decision 098), at its start, and when a company changes (its time zone: `reschedule`);
 * for a company whose Monday morning it is (07:00 to midnight, its time zone), the instance that
 * claims the week sends its digests, and every other instance finds the week claimed and does
 * nothing. Time comes from `now`, so tests stand on either side of 07:00 instead of waiting for it.
 */

/** A company whose run failed (its mail server down) is tried again this much later. */
const RETRY_MS = 15 * 60_000;

export type DigestSchedulerOptions = {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  secret: string;
  /** The longest the loop sleeps between two looks at its schedule (computeIdleDelay). */
  idleDelayMs?: () => number;
};

export function createDigestScheduler(options: DigestSchedulerOptions): DigestScheduler {
  /** Sends the digests due at `now`; says when the next one is due (null: no company). */
  async function sendDueDigests(now: Date): Promise<{ sent: number; nextDueAt: Date | null }> {
    let sent = 0;
    let nextDueAt = Infinity;
    for (const company of await findCompanyClocks(options.db)) {
      const weekStart = computeDueDigestWeek(now, company.timezone);
      let failed = false;
      if (weekStart !== null) {
        // One company's failure (a mail server down) must not keep the others' digests back.
        sent += await sendCompanyDigests(options, { companyId: company.id, weekStart, now }).catch((error) => {
          console.error('[digest] a company digest run failed', error);
          failed = true;
          return 0;
        });
      }
      const due = failed ? now.getTime() + RETRY_MS : computeNextDigestTime(now, company.timezone).getTime();
      nextDueAt = Math.min(nextDueAt, due);
    }
    return { sent, nextDueAt: nextDueAt === Infinity ? null : new Date(nextDueAt) };
  }

  const step = createTimedStep('digest', async (now) => (await sendDueDigests(now)).nextDueAt);
  const loop = createPollingLoop({
    name: 'digest',
    round: () => step.runIfDue(options.now()),
    delayAfter: () => Math.min(options.idleDelayMs?.() ?? Infinity, step.delayFrom(options.now())),
  });
  return composeScheduledWorker(async () => (await sendDueDigests(options.now())).sent, loop, step);
}
