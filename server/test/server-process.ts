import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/*
 * The real server as a child process (`node dist/server/main.mjs`, its bundle, as `npm start` runs it),
 * for tests that must do what an operator or a browser does to a server: kill it, restart it on
 * the same data, run two on one database, back it up, open it in Chromium. The one place that
 * spawns it: the server's process tests, the e2e harness (e2e/support/server.ts) and the benches
 * use it. In-process tests use createTestApp() instead.
 *
 * Only node modules here, so the e2e harness can import it without loading a database driver.
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const SERVER_BUNDLE = resolve(ROOT, 'dist', 'server', 'main.mjs');

let bundled = false;
/**
 * Bundles the server when a source changed since its bundle was made (scripts/build-server.mjs), once
 * per process: a test starts what `npm start` starts. Returns the bundle's path.
 */
export function ensureServerBundle(): string {
  if (bundled) return SERVER_BUNDLE;
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('could not bundle the server (node scripts/build-server.mjs)');
  bundled = true;
  return SERVER_BUNDLE;
}

/** Fixed, so every process of a test signs cookies alike whatever the database holds. */
const TEST_AUTH_SECRET = 'durability-secret-durability-secret-0123';

export type ServerProcess = {
  baseUrl: string;
  pid: number;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Settles with the exit code (null after a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Sends the signal and waits until the process is gone (and reaped, so its pid is free). */
  kill: (signal: NodeJS.Signals) => Promise<void>;
};

/** Where the server keeps its data: a PGlite folder, or a PostgreSQL database. */
export type ServerData = { dataDir: string } | { databaseUrl: string };

export async function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Spawns the server on 127.0.0.1 at a free port (or `options.port`, to come back where an open
 * browser expects it) and returns at once, without waiting for it to listen: see waitUntilHealthy.
 * `env` goes over these defaults: test mode, PUBLIC_URL its own address, the embedded engine
 * (DATABASE_URL empty: name DATA_DIR), no SMTP (mail goes to the dev mailbox), and a sign-in limit
 * high enough for many people signing in from one address.
 */
export async function spawnServerProcess(env: Record<string, string> = {}, options: { port?: number } = {}): Promise<ServerProcess> {
  const port = options.port ?? (await findFreePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const bundle = ensureServerBundle();
  // Without --enable-source-maps (npm start has it): reading every package's source maps added
  // about 1 s of CPU to each start, and a test reads no stack traces.
  const child: ChildProcess = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      AUTH_RATE_LIMIT: '1000',
      SMTP_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { baseUrl, pid: child.pid!, output: () => output, exited, kill };
}

/**
 * Waits until the server's /api/health answers. Throws with its output when the process ends
 * first, or when it has not answered within 60 s (then it is killed first).
 */
export async function waitUntilHealthy(server: ServerProcess, label = 'the server'): Promise<void> {
  let hasExited = false;
  void server.exited.then(() => (hasExited = true));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (hasExited) throw new Error(`${label} exited while starting:\n${server.output()}`);
    if (Date.now() > deadline) {
      await server.kill('SIGKILL');
      throw new Error(`${label} did not start within 60 s:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the server on `data` with a fixed AUTH_SECRET and waits until /api/health answers.
 * `env` goes over the defaults of spawnServerProcess.
 */
export async function startServerProcess(data: ServerData, env: Record<string, string> = {}, label?: string): Promise<ServerProcess> {
  const server = await spawnServerProcess({
    AUTH_SECRET: TEST_AUTH_SECRET,
    DATABASE_URL: 'databaseUrl' in data ? data.databaseUrl : '',
    DATA_DIR: 'dataDir' in data ? data.dataDir : '',
    ...env,
  });
  await waitUntilHealthy(server, label);
  return server;
}
