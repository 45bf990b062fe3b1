import { serve } from '@hono/node-server';
import { createApp } from './app';
import { closeDeps, createDeps } from './bootstrap';
import { listBackgroundWorkers } from './context';
import { ConfigError, loadConfig } from './env';
import { isStorageFull } from './db/errors';
import { DataDirLockedError, lockDataDir } from './lib/data-dir-lock';
import { describeBytes, measureFreeBytes, STORAGE_FULL_BYTES } from './lib/storage';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n${error.message}\n\nFix the variable(s) above and start again. See README.md, "Configuration".\n`);
      process.exit(1);
    }
    throw error;
  }

  let releaseLock = () => {};
  if (!config.DATABASE_URL) {
    try {
      releaseLock = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirLockedError) {
        console.error(`\n${error.message}\n`);
        process.exit(1);
      }
      if (isStorageFull(error)) failOnFullDisk(config.dataDir);
      fail(
        `DATA_DIR="${config.dataDir}" cannot be used: ${(error as Error).message}`,
        'Point DATA_DIR at a folder this user can create and write.',
      );
    }
  }

  const engine = config.DATABASE_URL ? 'PostgreSQL server' : `embedded PGlite in ${config.dataDir}`;
  console.info(`[dealboard] opening database (${engine})...`);
  let deps;
  try {
    deps = await createDeps(config);
  } catch (error) {
    const reason = (error as Error).message;
    releaseLock();
    if (config.DATABASE_URL && isStorageFull(error)) {
      fail(
        `DATABASE_URL (${describeDatabaseUrl(config.DATABASE_URL)}): the PostgreSQL server's disk is full, so the database could not be prepared.`,
        'Free up space on the database server and start again. Nothing saved is lost.',
      );
    }
    // The embedded database reports a full disk in its own ways (an abort, "failed to initialize"):
    // the free space says what happened.
    if (!config.DATABASE_URL && (isStorageFull(error) || (measureFreeBytes(config.dataDir) ?? Infinity) < STORAGE_FULL_BYTES)) {
      failOnFullDisk(config.dataDir);
    }
    if (config.DATABASE_URL) {
      fail(
        `DATABASE_URL (${describeDatabaseUrl(config.DATABASE_URL)}): the database could not be opened: ${reason}`,
        'Check that the server runs, the address, database name, user and password are right, and the user may connect.',
      );
    }
    fail(
      `DATA_DIR="${config.dataDir}": the embedded database could not be opened: ${reason}`,
      'Is the folder writable, and was it made by this version?',
    );
  }
  const app = createApp(deps);
  // Every instance runs every background worker; each piece of work is claimed by one instance:
  // webhook deliveries (decision 037), weekly digests (047), contests' steps (049), interrupted
  // imports (084), push notifications and wrap-up reminders (055).
  for (const worker of listBackgroundWorkers(deps)) worker.start();
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => {
    console.info(`\n  ${config.BRAND_NAME} is running at ${config.publicUrl}\n`);
    if (deps.mailer.transport === 'outbox') {
      console.info(
        config.isProduction
          ? '  Warning: SMTP_URL is not set, so no mail leaves this server (confirmations, invitations and sign-in links are only kept in its mail_outbox table). Set SMTP_URL.\n'
          : `  No SMTP_URL: mail goes to the dev mailbox at ${config.publicUrl}/dev/mailbox (open it on this machine)\n`,
      );
    }
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE' ? `\nPort ${config.PORT} is already in use. Stop the other program or set PORT to a free port.\n` : error,
    );
    releaseLock();
    process.exit(1);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`[dealboard] ${signal}: shutting down`);
    server.close();
    // Open SSE streams keep the server from closing; the database closes regardless.
    await closeDeps(deps).catch((error) => console.error(error));
    releaseLock();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('exit', releaseLock);
}

/** Stops the start with a message that names what to fix (never a bare stack trace). */
function fail(message: string, hint: string): never {
  console.error(`\n${message}\n${hint} See README.md, "Configuration".\n`);
  process.exit(1);
}

/** The start stops on a full disk under the embedded database (decision 077), saying so. */
function failOnFullDisk(dataDir: string): never {
  const free = measureFreeBytes(dataDir);
  fail(
    `The disk holding DATA_DIR="${dataDir}" is full${free === null ? '' : ` (${describeBytes(free)} free)`}, so the embedded database cannot start.`,
    'Free up space on it (or move DATA_DIR to a larger disk) and start again. Nothing saved is lost.',
  );
}

/** The database address without its password, for messages. */
function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.username ? `${parsed.username}@` : ''}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'unparsable';
  }
}

void main();
