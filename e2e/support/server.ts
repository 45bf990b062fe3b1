import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, spawnServerProcess, waitUntilHealthy } from '../../server/test/server-process';

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
  options: { port?: number; fresh?: boolean } = {},
): Promise<RunningServer> {
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
