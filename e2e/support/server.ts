import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ServerProcess, spawnServerProcess, waitUntilHealthy } from '../../server/test/server-process';

export type RunningServer = ServerProcess & { dataDir: string; stop: () => Promise<void> };

/**
 * Starts the real server (the built web app + API) on a free port with a fresh data folder, as
 * `npm start` would, and waits until /api/health answers. `env` names the app to serve
 * (WEB_DIST_DIR) and may name another DATA_DIR, which is the caller's to remove. `port` restarts a
 * server where an open browser expects it (with env DATA_DIR pointing at the stopped one's folder).
 */
export async function startServer(env: Record<string, string> = {}, options: { port?: number } = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dealboard-e2e-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
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
