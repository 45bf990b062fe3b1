import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@core/contracts';
import { copyPgliteFolder } from './test/base-database';
import { callApi, createMemberOverHttp, type HttpMember } from './test/http-members';
import { type ServerProcess, spawnServerProcess, startServerProcess } from './test/server-process';

/*
 * A full disk under the embedded database (decision 077): the real server on a PGlite folder on a
 * small volume of its own (a tmpfs, as an operator's 64 MB volume), filled to the last byte. Writes
 * are refused with a 507 in plain words, the health check says so, nothing acknowledged is lost
 * once space is freed, and a start on the full volume says why it cannot start.
 *
 * Mounting needs root, as the suite's own install steps do (Debian's packages). PGlite only: on
 * PostgreSQL the disk is the database server's, and it refuses a write with the same SQLSTATE
 * (53100) that this maps.
 */

const VOLUME_MB = 96;

let volume: string;
let dataDir: string;
let server: ServerProcess | null = null;
let rep: HttpMember;
const acknowledged: string[] = [];

const filler = () => join(volume, 'filler');

/** Fills the volume with one file until the file system says it is full (ENOSPC). */
function fillVolume(): void {
  const fd = openSync(filler(), 'a');
  const block = Buffer.alloc(1024 * 1024);
  try {
    for (let chunk = block; ;) {
      try {
        writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        if (chunk.length === 1) return;
        chunk = chunk.subarray(0, Math.max(1, chunk.length >> 4)); // the last few bytes too
      }
    }
  } finally {
    closeSync(fd);
  }
}

const freeVolume = () => rmSync(filler(), { force: true });

/** A sale with long notes, so that the database has to grow its files to store a few of them. */
const logSale = (n: number) =>
  callApi(server!.baseUrl, '/api/v1/activities', {
    cookie: rep.cookie,
    json: {
      kind: 'sale',
      ticketSize: 1_250_000,
      customerName: `Nordlys Energi ${n}`,
      notes: `${crypto.randomUUID()} `.repeat(50),
      clientKey: crypto.randomUUID(),
    },
  });

async function health(): Promise<{ status: string; storage: { status: string; freeBytes: number | null } }> {
  const response = await fetch(`${server!.baseUrl}/api/health`);
  expect(response.status).toBe(200);
  return (await response.json()) as Awaited<ReturnType<typeof health>>;
}

beforeAll(async () => {
  volume = mkdtempSync(join(tmpdir(), 'dealboard-full-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${VOLUME_MB}m`, 'tmpfs', volume]);
  dataDir = join(volume, 'data');
  mkdirSync(dataDir);
  await copyPgliteFolder(dataDir);
  server = await startServerProcess({ dataDir });
  rep = await createMemberOverHttp(server.baseUrl, 'Rita Rep');
});

afterAll(async () => {
  await server?.kill('SIGTERM');
  if (volume) {
    execFileSync('umount', [volume]);
    rmSync(volume, { recursive: true, force: true });
  }
});

describe('a full disk under the embedded database', () => {
  it('refuses writes with a 507 in plain words, and the health check says the storage is full', async () => {
    for (let n = 0; n < 3; n++) {
      const response = await logSale(n);
      expect(response.status).toBe(201);
      acknowledged.push(((await response.json()) as { id: string }).id);
    }
    expect((await health()).storage.status).toBe('ok');

    fillVolume();
    let refused: Response | null = null;
    // The database's files have some room left inside them: the first few sales may still fit.
    for (let n = 3; n < 200 && !refused; n++) {
      const response = await logSale(n);
      if (response.status === 201) acknowledged.push(((await response.json()) as { id: string }).id);
      else refused = response;
    }
    expect(refused?.status).toBe(507);
    const { error } = (await refused!.json()) as ApiError;
    expect(error.code).toBe('storage_full');
    expect(error.message).toBe(
      "The server's storage is full, so nothing new can be saved right now. Everything saved before is safe. Tell whoever runs this server, and try again once they have freed up space.",
    );
    // Reading still works, and the health check tells a monitor what is wrong.
    expect((await callApi(server!.baseUrl, '/api/v1/activities/mine', { cookie: rep.cookie })).status).toBe(200);
    expect(await health()).toMatchObject({ status: 'degraded', storage: { status: 'full', freeBytes: expect.any(Number) } });
  });

  it('takes writes again once space is freed, with every acknowledged write there', async () => {
    freeVolume();
    const response = await logSale(999);
    expect(response.status).toBe(201);
    acknowledged.push(((await response.json()) as { id: string }).id);
    expect((await health()).storage.status).toBe('ok');
    const mine = (await (await callApi(server!.baseUrl, '/api/v1/activities/mine', { cookie: rep.cookie })).json()) as {
      activities: { id: string }[];
    };
    expect(mine.activities.map((a) => a.id).sort()).toEqual([...acknowledged].sort());
  });

  it('says that the disk is full when it cannot start on it', async () => {
    await server!.kill('SIGTERM');
    server = null;
    fillVolume();
    const refused = await spawnServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(`The disk holding DATA_DIR="${dataDir}" is full`);
    expect(refused.output()).not.toMatch(/Aborted\(\)|ENOSPC/);
    freeVolume();
  });
});
