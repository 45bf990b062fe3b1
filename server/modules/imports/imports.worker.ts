import type { ImportWorker } from '../../context';
import type { Database } from '../../db/client';
import { withTenant } from '../../db/tenant';
import { createPollingLoop } from '../../lib/polling-loop';
import { findInterruptedImports, lockImportIn, markImportWorkingIn } from './imports.repository';
import { finishUndo, type ImportLease, leaseFrom, takeBackCommit } from './imports.slices';

/*
 * The import worker (decision 084): an import is committed and undone a slice at a time, and a
 * server can stop between two slices (a deploy, a crash). Its import then says 'committing' or
 * 'undoing' with a lease that is no longer renewed. Every server process looks for such imports
 * when it starts and every five minutes, and finishes them: an interrupted commit is taken back (the admin commits the
 * preview again, or uploads again once it has expired), an interrupted undo is carried on.
 */

/**
 * How often a server looks for interrupted imports: at its start (where a stopped server's are
 * found), then every five minutes, for another instance that stopped half-way (decision 095).
 */
const ROUND_MS = 5 * 60_000;

export function createImportWorker(options: { db: Database; now: () => Date }): ImportWorker {
  const work = { db: options.db, now: options.now };

  async function runDue(): Promise<number> {
    let finished = 0;
    for (const found of await findInterruptedImports(options.db, options.now())) {
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

  const loop = createPollingLoop({ name: 'imports', round: runDue, delayAfter: () => ROUND_MS });
  return { runDue, start: loop.start, stop: loop.stop };
}
