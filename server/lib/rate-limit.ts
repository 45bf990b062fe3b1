import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';

/**
 * A fixed-window counter in app_rate_limits, so every server instance counts together. One
 * statement per attempt (exact under concurrency). Returns false when the caller is over the
 * limit. Not better-auth's rate_limit table: better-auth prunes that one to its own one-minute
 * window, which would reset hourly limits early.
 */
export async function consumeRateLimit(
  db: Database | Transaction,
  input: { key: string; max: number; windowSeconds: number; now: Date },
): Promise<boolean> {
  const nowMs = input.now.getTime();
  const windowStart = nowMs - input.windowSeconds * 1000;
  const result = await db.execute(sql`
    INSERT INTO app_rate_limits (key, count, window_started_at)
    VALUES (${input.key}, 1, ${nowMs})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN app_rate_limits.window_started_at < ${windowStart} THEN 1 ELSE app_rate_limits.count + 1 END,
      window_started_at = CASE WHEN app_rate_limits.window_started_at < ${windowStart} THEN ${nowMs} ELSE app_rate_limits.window_started_at END
    RETURNING count`);
  const rows = (result as unknown as { rows: { count: number }[] }).rows;
  return Number(rows[0]?.count ?? 0) <= input.max;
}
