/*
 * The loop every background worker of a server process runs (webhook deliveries, the weekly
 * digest): one round at a time, never two at once, the next one `delayAfter` the last one's result
 * later; a round that throws is logged and the loop goes on. The timer does not keep the process
 * alive, and stopping waits for the round in flight, so a shutdown never cuts a send in half.
 */

export type PollingLoop = {
  /** Starts the rounds, the first at once (twice is the same as once). */
  start(): void;
  /** Stops starting rounds and waits for the one in flight. */
  stop(): Promise<void>;
  /**
   * Runs a round now instead of at its time (something to do was announced): at once when the
   * loop waits, right after the round in flight when one runs. Nothing before start or after stop.
   */
  wake(): void;
};

/** The longest a Node timer waits (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function createPollingLoop<T>(options: {
  /** The worker's name in the log: "[digest] a round failed". */
  name: string;
  round: () => Promise<T>;
  /** How long to wait after a round that gave this result (null when it failed). */
  delayAfter: (result: T | null) => number;
  /**
   * How long a wake waits before the round starts (default 0): wakes that come meanwhile share
   * that round, so a burst of work is done in a few rounds rather than one each.
   */
  wakeDelayMs?: number;
}): PollingLoop {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  /** A round is in flight. */
  let busy = false;
  /** A wake came while a round ran: the next one starts right after it. */
  let wokenWhileBusy = false;

  /** When the scheduled round starts (ms since the epoch), while one is scheduled. */
  let dueAt = Infinity;

  function schedule(delay: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    // Node runs a timer of more than 2^31 - 1 ms (or Infinity) at once: the longest wait is that.
    const wait = Math.min(delay, MAX_TIMER_MS);
    dueAt = Date.now() + wait;
    timer = setTimeout(() => {
      timer = null;
      dueAt = Infinity;
      busy = true;
      wokenWhileBusy = false;
      running = options
        .round()
        .catch((error: unknown) => {
          console.error(`[${options.name}] a round failed`, error);
          return null;
        })
        .then((result) => {
          busy = false;
          const after = options.delayAfter(result);
          schedule(wokenWhileBusy ? Math.min(options.wakeDelayMs ?? 0, after) : after);
        });
    }, wait);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      // Started again while a round stopped earlier is still in flight: it schedules the next one
      // when it ends (one round at a time).
      if (busy) return;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running.catch(() => undefined);
    },
    wake() {
      if (stopped) return;
      if (busy) wokenWhileBusy = true;
      // A round due sooner than the wake would start it stays as it is.
      else if (Date.now() + (options.wakeDelayMs ?? 0) < dueAt) schedule(options.wakeDelayMs ?? 0);
    },
  };
}

/**
 * How long an idle worker that is woken when work is announced waits before it looks on its own
 * (decisions 095 and 098): an hour while its instance hears every announcement (`listening`: the
 * LISTEN connection is open; announcements are part of their transaction's commit, and a lost
 * connection is noticed, so the hourly look is a backstop, not the way work is found), every
 * second while it cannot.
 */
export function computeIdleDelay(listening: boolean): number {
  return listening ? WOKEN_IDLE_MS : UNWOKEN_IDLE_MS;
}
const WOKEN_IDLE_MS = 60 * 60_000;
const UNWOKEN_IDLE_MS = 1000;

const MINUTE_MS = 60_000;

/**
 * A step of a worker's round that is due at times of day (the Slack and Teams daily summaries, the
 * wrap-up reminders), not every round: it runs when the time it named last comes, at most once a
 * minute, and says when it is next due (null: nothing scheduled). The worker sleeps until then
 * (`delayFrom`) instead of looking every minute (decision 096). `reschedule` makes it run at the
 * next round: what it schedules from was changed (a member's reminder time, a channel's summary).
 */
export type TimedStep = {
  /** Runs the step when it is due; a failure is logged and the step is tried again a minute later. */
  runIfDue(now: Date): Promise<void>;
  /** Milliseconds from `now` until the step is due (Infinity: nothing scheduled). */
  delayFrom(now: Date): number;
  reschedule(): void;
};

export function createTimedStep(name: string, run: (now: Date) => Promise<Date | null>): TimedStep {
  /** When the step is due next (ms since the epoch); 0: at the next round. */
  let dueAt = 0;
  let lastMinute = -1;
  /** Moves on at each reschedule: a run that began before one does not overwrite its "now". */
  let generation = 0;
  /** Never twice in one minute: the steps are minute-grained (a reminder at 16:05). */
  const nextMinuteAfter = (minute: number) => (minute + 1) * MINUTE_MS;
  return {
    async runIfDue(now) {
      const minute = Math.floor(now.getTime() / MINUTE_MS);
      if (now.getTime() < dueAt || minute === lastMinute) return;
      lastMinute = minute;
      const started = generation;
      try {
        const next = await run(now);
        if (started === generation) dueAt = next === null ? Infinity : Math.max(next.getTime(), nextMinuteAfter(minute));
      } catch (error) {
        console.error(`[${name}] a timed step failed`, error);
        if (started === generation) dueAt = nextMinuteAfter(minute);
      }
    },
    delayFrom(now) {
      const at = lastMinute < 0 ? dueAt : Math.max(dueAt, nextMinuteAfter(lastMinute));
      return at === Infinity ? Infinity : Math.max(0, at - now.getTime());
    },
    reschedule() {
      generation += 1;
      dueAt = 0;
    },
  };
}

/**
 * The face of a worker whose loop has a timed step (decision 096): its rounds, start, stop and
 * wake, and `reschedule`, which makes the step read its times again at the next round, now.
 */
export function composeScheduledWorker<T>(runDue: () => Promise<T>, loop: PollingLoop, step: TimedStep | null) {
  return {
    runDue,
    start: loop.start,
    stop: loop.stop,
    wake: loop.wake,
    reschedule: () => {
      step?.reschedule();
      loop.wake();
    },
  };
}
