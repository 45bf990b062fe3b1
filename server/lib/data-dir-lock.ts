import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Which process this pid is right now: the boot and the moment it started (Linux /proc; null
 * elsewhere). A pid is reused once its process is gone, and in a container the server's small pid
 * comes round again after a restart, so a pid alone cannot tell a live server from a stranger that
 * was given a killed server's number.
 */
function readProcessIdentity(pid: number): string | null {
  try {
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, starttime; the fields are counted after the command name, which may hold spaces.
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTime ? `${bootId}:${startTime}` : null;
  } catch {
    return null;
  }
}

/** True while the process that wrote the lock still runs. */
function isHolderAlive(pid: number, identity: string | null): boolean {
  if (!isAlive(pid)) return false;
  if (!identity) return true; // written where /proc is missing (or by an older version): the pid is all we have
  const current = readProcessIdentity(pid);
  return current === null || current === identity;
}

/**
 * PGlite lets two processes open one folder and then corrupts it (ARCHITECTURE.md). We take an
 * exclusive lock file (O_EXCL create) holding our pid and our process identity; a lock left by a
 * dead process (a kill -9, a power cut) is taken over, also when its pid now belongs to another
 * process. Returns a release function.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'dealboard.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      const identity = readProcessIdentity(process.pid);
      writeSync(fd, identity ? `${process.pid}\n${identity}\n` : String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidLine = '', identity = ''] = readFileSync(lockPath, 'utf8').split('\n');
      const pid = Number(pidLine.trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isHolderAlive(pid, identity.trim() || null)) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is already in use by another Dealboard server (pid ${pid}).\n` +
            'Stop that server first, or start this one with another DATA_DIR. Two servers on one embedded\n' +
            'database folder would corrupt it.',
        );
      }
      rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dataDir}.`);
}
