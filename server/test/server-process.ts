import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import pg from 'pg';
import { dropTestDatabase } from './test-database';

const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * The real server as a child process (`node --import tsx server/main.ts`, as `npm start` runs it),
 * for tests that must do what an operator does to a server: kill it, restart it on the same data,
 * back it up. In-process tests use createTestApp() instead.
 */
export type ServerProcess = {
  baseUrl: string;
  pid: number;
  output: () => string;
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

/** Starts the server on `data` and waits until /api/health answers. */
export async function startServerProcess(data: ServerData, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      AUTH_SECRET: 'durability-secret-durability-secret-0123',
      AUTH_RATE_LIMIT: '1000',
      SMTP_URL: '',
      DATABASE_URL: 'databaseUrl' in data ? data.databaseUrl : '',
      DATA_DIR: 'dataDir' in data ? data.dataDir : '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));

  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      await kill('SIGKILL');
      throw new Error(`the server did not start within 60 s:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, pid: child.pid!, output: () => output, kill };
}

/**
 * A new, empty database on the PostgreSQL server of TEST_DATABASE_URL, for a child server (which
 * needs a URL, not a handle). `drop` removes it once the test is done.
 */
export async function createPostgresDatabase(prefix = 'dealboard_test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropTestDatabase(adminUrl, name) };
}
