import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * A fixed-window counter in the rate_limit table (shared with better-auth's own limits), so every
 * server instance counts together. Returns false when the caller is over the limit.
 */
export async function consumeRateLimit(
  db: Database,
  input: { key: string; max: number; windowSeconds: number; now: Date },
): Promise<boolean> {
  const nowMs = input.now.getTime();
  const windowStart = nowMs - input.windowSeconds * 1000;
  const key = `app:${input.key}`;
  const result = await db.execute(sql`
    INSERT INTO rate_limit (id, key, count, last_request)
    VALUES (${crypto.randomUUID()}, ${key}, 1, ${nowMs})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit.last_request < ${windowStart} THEN 1 ELSE rate_limit.count + 1 END,
      last_request = CASE WHEN rate_limit.last_request < ${windowStart} THEN ${nowMs} ELSE rate_limit.last_request END
    RETURNING count`);
  const rows = (result as unknown as { rows: { count: number }[] }).rows;
  return Number(rows[0]?.count ?? 0) <= input.max;
}
