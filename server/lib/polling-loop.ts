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
};

export function createPollingLoop<T>(options: {
  /** The worker's name in the log: "[digest] a round failed". */
  name: string;
  round: () => Promise<T>;
  /** How long to wait after a round that gave this result (null when it failed). */
  delayAfter: (result: T | null) => number;
}): PollingLoop {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      running = options
        .round()
        .catch((error: unknown) => {
          console.error(`[${options.name}] a round failed`, error);
          return null;
        })
        .then((result) => schedule(options.delayAfter(result)));
    }, delay);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
