import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, spawnServerProcess, waitUntilHealthy } from '../../server/test/server-process';
import type { PooledServer } from './server-pool';

export type RunningServer = ServerProcess & { dataDir: string; stop: () => Promise<void> };

/**
 * The migrated data folder the journeys' global setup built (server/test/base-database.ts), when
 * there is one: a server started on an empty folder gets a copy of it, and so opens in seconds
 * instead of creating its database and applying every migration first.
 */
function copyBaseInto(dataDir: string): void {
  const base = process.env.E2E_BASE_DATA_DIR;
  if (!base || !existsSync(join(base, 'PG_VERSION'))) return;
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return;
  cpSync(base, dataDir, { recursive: true });
}

/**
 * Starts the real server (the built web app + API) on a free port with a new data folder, as
 * `npm start` would, and waits until /api/health answers. `env` names the app to serve
 * (WEB_DIST_DIR) and may name another DATA_DIR, which is the caller's to remove. `port` restarts a
 * server where an open browser expects it (with env DATA_DIR pointing at the stopped one's folder).
 * A new or empty data folder starts as a copy of the migrated base; `fresh` leaves it empty, for
 * the one server that proves a first start on an empty folder (the shared one, global-setup.ts).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { port?: number; fresh?: boolean; fromPool?: boolean } = {},
): Promise<RunningServer> {
  if (options.fromPool !== false && !options.port && !options.fresh) {
    const pooled = await takePooledServer(env);
    if (pooled) return pooled;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-e2e-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!options.fresh) copyBaseInto(env.DATA_DIR ?? dataDir);
  const server = await spawnServerProcess({ DATA_DIR: dataDir, ...env }, options);
  try {
    await waitUntilHealthy(server);
  } catch (error) {
    await server.kill('SIGKILL');
    removeDataDir();
    throw error;
  }
  return {
    ...server,
    dataDir,
    stop: async () => {
      await server.kill('SIGTERM');
      removeDataDir();
    },
  };
}

/**
 * A server from the journeys' pool (e2e/support/server-pool.ts), already started, when the journey
 * asks for exactly what the pool's servers are: the shared copy of the built app and nothing else.
 */
async function takePooledServer(env: Record<string, string>): Promise<RunningServer | null> {
  const pool = process.env.E2E_SERVER_POOL;
  const keys = Object.keys(env);
  if (!pool || keys.length !== 1 || keys[0] !== 'WEB_DIST_DIR' || env.WEB_DIST_DIR !== process.env.E2E_SERVER_POOL_WEB_DIST) return null;
  const response = await fetch(`${pool}/take`, { method: 'POST' });
  const body = (await response.json()) as PooledServer & { error?: string };
  if (!response.ok) throw new Error(`the journeys' server pool could not start a server: ${body.error}`);
  let markExited: (code: number | null) => void = () => {};
  const exited = new Promise<number | null>((resolve) => (markExited = resolve));
  const stop = async () => {
    await fetch(`${pool}/stop?pid=${body.pid}`, { method: 'POST' });
    markExited(null);
  };
  return {
    baseUrl: body.baseUrl,
    pid: body.pid,
    dataDir: body.dataDir,
    output: () => '(a pooled server: its output is in the pool, e2e/support/server-pool.ts)',
    exited,
    kill: stop,
    stop,
  };
}
