/*
 * Requests to the embedded engine, in turn (decision 027). The gate belongs to the engine (the
 * PGlite handle carries one, client.ts); the middleware that makes requests take it is
 * lib/admission-gate.ts.
 *
 * PGlite runs one statement at a time on the server's own thread, behind a lock each query and
 * transaction takes. A signed-in API request takes that lock several times (the session, the
 * membership, the feature's transaction), and every time it queues behind everything that arrived
 * meanwhile: at 50 connections a logged call waited at the back of a 50-deep queue three times,
 * and the slowest 1 % took 6.6-8.6 s while the median took a fraction of that. The gate admits a
 * few requests at a time, first come first served; one admitted runs to its end with only the
 * other admitted ones beside it, so its wait is one pass through the line, not one per statement.
 *
 * PostgreSQL needs none: pg.Pool already hands out connections first come first served, and the
 * server runs the statements of different connections side by side.
 */

/** Takes a turn; call the returned function once, when the request is done. */
export type AdmissionGate = {
  /**
   * Resolves with `release` when the caller may go: at once while fewer than `limit` are in, else
   * when everyone who came before has been let in. Resolves with null when `signal` aborts while
   * waiting (the client went away: its turn goes to the next in line).
   */
  admit(signal?: AbortSignal): Promise<(() => void) | null>;
  /** How many may be in at once. */
  readonly limit: number;
  /** Requests let in and not yet released. */
  readonly inFlight: number;
  /** Requests waiting for their turn. */
  readonly waiting: number;
};

export function createAdmissionGate(limit: number): AdmissionGate {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`an admission gate needs a limit of at least 1 (got ${limit})`);
  let inFlight = 0;
  // Waiters in arrival order. A released slot goes straight to the first of them, so a newcomer
  // never takes a slot ahead of someone already waiting.
  const queue: { letIn: () => void }[] = [];

  const makeRelease = () => {
    let released = false;
    return () => {
      if (released) return; // a second call must not free someone else's slot
      released = true;
      const next = queue.shift();
      if (!next) inFlight--;
      // The slot is the waiter's from now on (nobody can take it), but it goes in on the next turn
      // of the event loop, not in this chain of promise callbacks. PGlite answers synchronously, so
      // a request can run start to end without the event loop turning; handed over at once, the
      // whole line would run in one chain, and meanwhile no answer leaves its socket (Node
      // flushes responses on a later tick) and no new request is read: measured at 50
      // connections, answers finished in ~1 s went out 1.5-2.7 s after they were sent.
      else setImmediate(next.letIn);
    };
  };

  return {
    limit,
    admit(signal) {
      if (inFlight < limit && queue.length === 0) {
        inFlight++;
        return Promise.resolve(makeRelease());
      }
      if (signal?.aborted) return Promise.resolve(null);
      return new Promise((resolve) => {
        const onAbort = () => {
          const index = queue.indexOf(waiter);
          if (index < 0) return; // already handed a slot: it goes in, and gives the slot back as usual
          queue.splice(index, 1);
          resolve(null);
        };
        const waiter = {
          letIn: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(makeRelease());
          },
        };
        queue.push(waiter);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
  };
}
