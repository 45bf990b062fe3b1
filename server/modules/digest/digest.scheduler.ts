import type { DigestScheduler } from '../../context';
import { computeDueDigestWeek } from '@core/digest';
import type { Database } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { findCompanyClocks } from '../companies/companies.service';
import { sendCompanyDigests } from './digest.service';
import { computeDelayToNextQuarterHour, createPollingLoop } from '../../lib/polling-loop';

/*
 * The weekly digest's scheduler (decision 047): runs in every server process, on both engines.
 * Each tick (a second past every quarter hour) looks at every company's wall clock; for a company whose Monday morning it is (07:00
 * to midnight, its time zone), the instance that claims the week sends its digests, and every
 * other instance, or a later tick, finds the week claimed and does nothing. Time comes from `now`,
 * so tests stand on either side of 07:00 instead of waiting for it.
 */

export type DigestSchedulerOptions = {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  secret: string;
};

export function createDigestScheduler(options: DigestSchedulerOptions): DigestScheduler {
  async function runDue(): Promise<number> {
    const now = options.now();
    let sent = 0;
    for (const company of await findCompanyClocks(options.db)) {
      const weekStart = computeDueDigestWeek(now, company.timezone);
      if (weekStart === null) continue;
      // One company's failure (a mail server down) must not keep the others' digests back.
      sent += await sendCompanyDigests(options, { companyId: company.id, weekStart, now }).catch((error) => {
        console.error('[digest] a company digest run failed', error);
        return 0;
      });
    }
    return sent;
  }

  // A second past each quarter hour: 07:00 in every time zone is one (decision 095).
  const loop = createPollingLoop({ name: 'digest', round: runDue, delayAfter: () => computeDelayToNextQuarterHour(options.now()) });
  return { runDue, start: loop.start, stop: loop.stop };
}
