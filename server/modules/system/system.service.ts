import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../context';
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

/** The dev mailbox's mail, newest first, optionally only that sent to one address. */
export async function listDevMail(deps: AppDeps, to?: string): Promise<OutboxMail[]> {
  const rows = await findRecentMail(deps.database.db);
  return rows.filter((m) => !to || m.to.toLowerCase() === to.toLowerCase());
}
