import type { ContestScheduler } from '../../context';
import { computeLocalDate } from '@core/period';
import type { Database } from '../../db/client';
import { computeDelayToNextQuarterHour, createPollingLoop } from '../../lib/polling-loop';
import { findCompanyClocks } from '../companies/companies.service';
import type { ContestStep } from '@core/contracts';
import { advanceContest, listDueContestIds } from './contest-progress.service';

/*
 * The contests' scheduler (decision 049): runs in every server process, on both engines. Each
 * round looks at companies' open contests that have begun and takes each due step (start, new
 * leader, finish with the next round of a recurring one) under the contest's row lock, so that of
 * several instances exactly one announces each. Every company's a second past each quarter hour
 * (a local midnight, when contests start and end, is one in every time zone); a company's own
 * shortly after its activities change (the NOTIFY every instance hears, `wakeFor`), so a new
 * leader reaches the feed within seconds and an idle server looks four times an hour (decision 095).
 */

/** How long a woken scheduler gathers companies before it looks: one round for a burst of logs. */
const WAKE_DELAY_MS = 2000;

export function createContestScheduler(options: { db: Database; now: () => Date }): ContestScheduler {
  /** Companies whose activities changed since the last round. */
  const pending = new Set<string>();
  /** When every company is looked at next (a second past the next quarter hour). */
  let everyoneAt = 0;

  /** One round: every company's due steps (tests, and the quarter hours), or only those of `companyIds`. */
  async function runDue(companyIds?: ReadonlySet<string>) {
    const now = options.now();
    const done: { contestId: string; steps: ContestStep[] }[] = [];
    for (const company of await findCompanyClocks(options.db)) {
      if (companyIds && !companyIds.has(company.id)) continue;
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

  /** The loop's round: everyone's when it is time, else the woken companies'. */
  async function runRound() {
    const now = options.now().getTime();
    if (now >= everyoneAt) {
      pending.clear();
      everyoneAt = now + computeDelayToNextQuarterHour(options.now());
      return runDue();
    }
    const companies = new Set(pending);
    pending.clear();
    return companies.size > 0 ? runDue(companies) : [];
  }

  const loop = createPollingLoop({
    name: 'contests',
    round: runRound,
    delayAfter: () => Math.max(0, everyoneAt - options.now().getTime()),
    wakeDelayMs: WAKE_DELAY_MS,
  });
  return {
    runDue: () => runDue(),
    start: loop.start,
    stop: loop.stop,
    wakeFor(companyId: string) {
      pending.add(companyId);
      loop.wake();
    },
  };
}
