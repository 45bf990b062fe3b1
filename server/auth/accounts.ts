import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import type { UserId } from '../db/tenant';

/**
 * Marks an account's address as confirmed without the mail's link: for seed data (tests, dev data,
 * benchmarks), where nobody reads the mail. better-auth's own tables, written as the owning role.
 */
export async function markEmailVerified(db: Database, userId: UserId): Promise<void> {
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}
