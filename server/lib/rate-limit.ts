import { sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';

type RateLimitInput = { key: string; max: number; windowSeconds: number; now: Date };

/** Where a key stands after one more attempt: its count in the current window and when that window ends. */
export type RateLimitState = {
  allowed: boolean;
  /** Attempts in the current window, this one included. */
  count: number;
  max: number;
  /** When the current window ends (milliseconds since the epoch, the app's clock). */
  resetsAt: number;
  /** This attempt opened a new window (the key's first in windowSeconds). */
  isNewWindow: boolean;
};

/**
 * A fixed-window counter in app_rate_limits, so every server instance counts together. One
 * statement per attempt (exact under concurrency). Not better-auth's rate_limit table: better-auth
 * prunes that one to its own one-minute window, which would reset hourly limits early.
 */
export async function countRateLimitAttempt(db: Database | Transaction, input: RateLimitInput): Promise<RateLimitState> {
  const nowMs = input.now.getTime();
  const windowStart = nowMs - input.windowSeconds * 1000;
  const result = await db.execute(sql`
    INSERT INTO app_rate_limits (key, count, window_started_at)
    VALUES (${input.key}, 1, ${nowMs})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN app_rate_limits.window_started_at < ${windowStart} THEN 1 ELSE app_rate_limits.count + 1 END,
      window_started_at = CASE WHEN app_rate_limits.window_started_at < ${windowStart} THEN ${nowMs} ELSE app_rate_limits.window_started_at END
    RETURNING count, window_started_at`);
  const [row] = (result as unknown as { rows: { count: number | string; window_started_at: number | string }[] }).rows;
  const count = Number(row?.count ?? 0);
  const startedAt = Number(row?.window_started_at ?? nowMs);
  return {
    allowed: count <= input.max,
    count,
    max: input.max,
    resetsAt: startedAt + input.windowSeconds * 1000,
    isNewWindow: count === 1,
  };
}

/** The same counter when only the verdict matters: false when the caller is over the limit. */
export async function consumeRateLimit(db: Database | Transaction, input: RateLimitInput): Promise<boolean> {
  return (await countRateLimitAttempt(db, input)).allowed;
}
