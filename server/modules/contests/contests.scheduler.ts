import type { ContestScheduler } from '../../context';
import { computeLocalDate, computeMsUntilNextLocalDay } from '@core/period';
import type { Database } from '../../db/client';
import { composeScheduledWorker, createPollingLoop, createTimedStep } from '../../lib/polling-loop';
import { findCompanyClocks } from '../companies/companies.service';
import type { ContestStep } from '@core/contracts';
import { advanceContest, listDueContestIds } from './contest-progress.service';

/*
 * The contests' scheduler (decision 049): runs in every server process, on both engines. Each
 * round looks at companies' open contests that have begun and takes each due step (start, new
 * leader, finish with the next round of a recurring one) under the contest's row lock, so that of
 * several instances exactly one announces each. Every company's a second past the earliest coming
 * local midnight of any company (contests start and end with a local day), at the start, and when
 * a contest's dates or a company change (their NOTIFY, `reschedule`); a company's own shortly after
 * its activities change (`wakeFor`), so a new leader reaches the feed within seconds. An idle
 * server looks once a day per time zone its companies are in (decision 098).
 */

/** How long a woken scheduler gathers companies before it looks: one round for a burst of logs. */
const WAKE_DELAY_MS = 2000;
/** A contest whose step failed is tried again this much later. */
const RETRY_MS = 15 * 60_000;

type Advanced = { contestId: string; steps: ContestStep[] };

export function createContestScheduler(options: { db: Database; now: () => Date; idleDelayMs?: () => number }): ContestScheduler {
  /** Companies whose activities changed since the last round. */
  const pending = new Set<string>();

  /**
   * Takes the due steps of every company's contests (or only those of `companyIds`); says when
   * every company is next looked at: a second past the earliest coming local midnight.
   */
  async function advanceDueContests(now: Date, companyIds?: ReadonlySet<string>): Promise<{ done: Advanced[]; nextDueAt: Date }> {
    const done: Advanced[] = [];
    let nextDueAt = now.getTime() + 24 * 60 * 60_000;
    for (const company of await findCompanyClocks(options.db)) {
      nextDueAt = Math.min(nextDueAt, now.getTime() + computeMsUntilNextLocalDay(now, company.timezone) + 1000);
      if (companyIds && !companyIds.has(company.id)) continue;
      const today = computeLocalDate(now, company.timezone);
      for (const id of await listDueContestIds(options.db, company.id, today)) {
        // One contest's failure must not hold the others back; it is tried again later.
        const steps = await advanceContest(options.db, company.id, id, today, now).catch((error: unknown) => {
          console.error('[contests] a contest step failed', error);
          nextDueAt = Math.min(nextDueAt, now.getTime() + RETRY_MS);
          return [] as ContestStep[];
        });
        if (steps.length > 0) done.push({ contestId: id, steps });
      }
    }
    return { done, nextDueAt: new Date(nextDueAt) };
  }

  const everyone = createTimedStep('contests', async (now) => {
    pending.clear();
    return (await advanceDueContests(now)).nextDueAt;
  });

  /** The loop's round: everyone's when it is time, and the woken companies'. */
  async function runRound() {
    const now = options.now();
    await everyone.runIfDue(now);
    const companies = new Set(pending);
    pending.clear();
    if (companies.size > 0) await advanceDueContests(now, companies);
  }

  const loop = createPollingLoop({
    name: 'contests',
    round: runRound,
    delayAfter: () => Math.min(options.idleDelayMs?.() ?? Infinity, everyone.delayFrom(options.now())),
    wakeDelayMs: WAKE_DELAY_MS,
  });
  return {
    ...composeScheduledWorker(async () => (await advanceDueContests(options.now())).done, loop, everyone),
    wakeFor(companyId: string) {
      pending.add(companyId);
      loop.wake();
    },
  };
}
