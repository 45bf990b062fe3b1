import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

/*
 * The embedded database's folder lock, with real processes: a server that is running keeps it; one
 * that was killed with SIGKILL (no chance to remove its lock file) must not keep the next start
 * out, also when the kernel has since given its pid to another process.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const children: ChildProcess[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function createFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'dealboard-lock-'));
  folders.push(folder);
  return folder;
}

/** A process that takes the lock, as server/main.ts does, and stays up until killed. */
async function startLockHolder(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      "const { lockDataDir } = await import('./server/lib/data-dir-lock.ts'); lockDataDir(process.argv[1]); console.log('locked'); setInterval(() => {}, 1000);",
      dataDir,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolveLocked, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolveLocked();
    });
    child.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)));
  });
  return child;
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGKILL');
  await exited;
}

describe('the data folder lock', () => {
  it('keeps a second server out while the first runs', async () => {
    const dataDir = createFolder();
    await startLockHolder(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });

  it('lets the restart in after the server was killed with SIGKILL', async () => {
    const dataDir = createFolder();
    await killHard(await startLockHolder(dataDir));
    const release = lockDataDir(dataDir);
    expect(readFileSync(join(dataDir, 'dealboard.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid}\\b`));
    release();
  });

  it("lets the restart in when the killed server's pid now belongs to another process", async () => {
    const dataDir = createFolder();
    await killHard(await startLockHolder(dataDir));
    // The kernel hands the dead server's pid to something else (in a container, pids are small and
    // come round again after a restart). We cannot make the kernel do that on cue, so the lock file
    // left behind gets the pid of a live stranger, as it would read after such a reuse.
    const stranger = spawn('sleep', ['30']);
    children.push(stranger);
    const lockPath = join(dataDir, 'dealboard.lock');
    const [, ...rest] = readFileSync(lockPath, 'utf8').split('\n');
    writeFileSync(lockPath, [String(stranger.pid), ...rest].join('\n'));

    const release = lockDataDir(dataDir);
    release();
  });
});
