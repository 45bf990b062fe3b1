import type { ContestScheduler } from '../../context';
import { computeLocalDate } from '@core/period';
import type { Database } from '../../db/client';
import { createPollingLoop } from '../../lib/polling-loop';
import { findCompanyClocks } from '../companies/companies.service';
import type { ContestStep } from '@core/contracts';
import { advanceContest, listDueContestIds } from './contest-progress.service';

/*
 * The contests' scheduler (decision 049): runs in every server process, on both engines. Each tick
 * looks at every company's open contests that have begun and takes each due step (start, new
 * leader, finish with the next round of a recurring one) under the contest's row lock, so that of
 * several instances exactly one announces each. Lead changes are noticed here, at most a tick
 * late, rather than after each activity write: the write path stays as cheap as it was.
 */

/** How often an instance looks: a lead change reaches the feed within this. */
const TICK_MS = 20 * 1000;

export function createContestScheduler(options: { db: Database; now: () => Date }): ContestScheduler {
  async function runDue() {
    const now = options.now();
    const done: { contestId: string; steps: ContestStep[] }[] = [];
    for (const company of await findCompanyClocks(options.db)) {
      const today = computeLocalDate(now, company.timezone);
      for (const id of await listDueContestIds(options.db, company.id, today)) {
        // One contest's failure must not hold the others back.
        const steps = await advanceContest(options.db, company.id, id, today, now).catch((error: unknown) => {
          console.error('[contests] a contest step failed', error);
          return [] as ContestStep[];
        });
        if (steps.length > 0) done.push({ contestId: id, steps });
      }
    }
    return done;
  }

  const loop = createPollingLoop({ name: 'contests', round: runDue, delayAfter: () => TICK_MS });
  return { runDue, start: loop.start, stop: loop.stop };
}
