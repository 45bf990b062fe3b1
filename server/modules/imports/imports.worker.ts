import type { ImportWorker } from '../../context';
import type { Database } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { createPollingLoop } from '../../lib/polling-loop';
import { findImportsAtWork, lockImportIn, markImportWorkingIn } from './imports.repository';
import { finishUndo, type ImportLease, leaseFrom, takeBackCommit } from './imports.slices';

/*
 * The import worker (decision 084): an import is committed and undone a slice at a time, and a
 * server can stop between two slices (a deploy, a crash). Its import then says 'committing' or
 * 'undoing' with a lease that is no longer renewed. Every server process looks for such imports
 * when it starts (where a stopped server's are found), when an import starts its work anywhere
 * (its NOTIFY, `wake`), and a second after the earliest lease it saw would end, and finishes
 * them: an interrupted commit is taken back (the admin commits the preview again, or uploads
 * again once it has expired), an interrupted undo is carried on. With no import at work it looks
 * only at the idle look (decision 098).
 */

export function createImportWorker(options: { db: Database; now: () => Date; idleDelayMs?: () => number }): ImportWorker {
  const work = { db: options.db, now: options.now };
  /** When the earliest lease seen at the last round ends (ms since the epoch); Infinity: none. */
  let nextLeaseEndsAt = Infinity;

  async function runDue(): Promise<number> {
    let finished = 0;
    const atWork = await findImportsAtWork(options.db, options.now());
    nextLeaseEndsAt = atWork.nextLeaseEndsAt?.getTime() ?? Infinity;
    for (const found of atWork.interrupted) {
      // The import's company; the member is the one who undid it (the audit names them), else the uploader.
      const scope = { companyId: found.companyId, userId: found.undoneBy ?? found.createdBy };
      // Claimed under the import's lock: another server may have claimed it first, or the commit
      // may have gone on after all; only a lease still passed is taken, and renewed at once.
      const claimed = await withTenant(options.db, scope, async (tx) => {
        const current = await lockImportIn(tx, found.companyId, found.id);
        if (!current?.workingUntil || current.workingUntil.getTime() >= options.now().getTime()) return null;
        if (current.status !== 'committing' && current.status !== 'undoing') return null;
        const lease: ImportLease = { status: current.status, until: leaseFrom(work) };
        await markImportWorkingIn(tx, found.companyId, found.id, lease);
        return { current, lease };
      });
      if (!claimed) continue;
      // One import's failure must not hold the others back: the next round tries it again.
      try {
        if (claimed.lease.status === 'committing') await takeBackCommit(work, scope, found.id, claimed.lease);
        else if (claimed.current.undoneBy) {
          await finishUndo(work, scope, found.id, claimed.lease, { by: claimed.current.undoneBy, rows: claimed.current.importedCount });
        }
        finished += 1;
      } catch (error) {
        console.error('[imports] finishing an interrupted import failed', error);
      }
    }
    return finished;
  }

  const loop = createPollingLoop({
    name: 'imports',
    round: runDue,
    // A failed round (the database away): a minute later.
    delayAfter: (finished) =>
      finished === null
        ? 60_000
        : Math.min(options.idleDelayMs?.() ?? Infinity, Math.max(0, nextLeaseEndsAt + 1000 - options.now().getTime())),
  });
  return { runDue, start: loop.start, stop: loop.stop, wake: loop.wake };
}
