import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { instanceSettings } from '../db/schema';

/**
 * The secret better-auth signs cookies with: AUTH_SECRET when set, else one generated on first
 * start and kept in the database, so every instance on one database agrees and restarts do not
 * sign everybody out.
 */
export async function resolveAuthSecret(db: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(instanceSettings)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, 'auth_secret'));
  return row!.value;
}
