import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
import { measureFreeBytes, STORAGE_FULL_BYTES } from '../../lib/storage';
import { findRecentMail, type OutboxMail } from '../../mail/mailer';

/** Whether this server reaches its database, and how long one SELECT 1 took (ms, one decimal). */
export async function checkDatabase(deps: AppDeps): Promise<{ ok: true; latencyMs: number } | { ok: false }> {
  const started = performance.now();
  try {
    await deps.database.db.execute(sql`SELECT 1`);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    // The reason goes to the log, not to the public: a driver's message can name hosts and roles.
    console.error('[health] database check failed:', (error as Error).message);
    return { ok: false };
  }
}

/**
 * How long a write refused for lack of space keeps the health check saying the storage is full,
 * where the disk cannot be seen from here (a PostgreSQL server's).
 */
const REFUSAL_REMEMBERED_MS = 60_000;
/** When each server's (deps') database last refused a write for lack of space. */
const lastStorageRefusal = new WeakMap<AppDeps, number>();

/** The database refused a write because its disk is full (app.onError answers it with a 507). */
export function recordStorageFull(deps: AppDeps): void {
  lastStorageRefusal.set(deps, deps.now().getTime());
}

export type StorageCheck = { status: 'ok' | 'full'; freeBytes: number | null };

/**
 * Whether the database has room to write (decision 077). The embedded database's folder is on this
 * machine: its free space decides, as it is now. A PostgreSQL server's disk is not visible from
 * here: it counts as full for a minute after it refused a write for lack of space.
 */
export function checkStorage(deps: AppDeps): StorageCheck {
  if (deps.database.engine === 'pglite' && !deps.config.DATABASE_URL) {
    const freeBytes = measureFreeBytes(deps.config.dataDir);
    if (freeBytes !== null) return { status: freeBytes < STORAGE_FULL_BYTES ? 'full' : 'ok', freeBytes };
  }
  const refusedAt = lastStorageRefusal.get(deps);
  const isRecent = refusedAt !== undefined && deps.now().getTime() - refusedAt < REFUSAL_REMEMBERED_MS;
  return { status: isRecent ? 'full' : 'ok', freeBytes: null };
}

/** The dev mailbox's mail, newest first, optionally only that sent to one address. */
export async function listDevMail(deps: AppDeps, to?: string): Promise<OutboxMail[]> {
  const rows = await findRecentMail(deps.database.db);
  return rows.filter((m) => !to || m.to.toLowerCase() === to.toLowerCase());
}
