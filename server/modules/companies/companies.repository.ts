import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { insertCompanyWithDefaults } from '../onboarding/onboarding.repository';

/**
 * Creates a company with its default rules and settings and makes the person its admin, in one
 * transaction. The unique index on active memberships (one company per person) refuses a second
 * company for someone who already has one, rolling the new company back with it.
 */
export async function insertCompanyWithAdmin(
  db: Database,
  input: { companyId: string; name: string; timezone: string; userId: string; now: Date },
): Promise<void> {
  await withTenant(db, { companyId: input.companyId, userId: input.userId }, async (tx) => {
    await insertCompanyWithDefaults(tx, { id: input.companyId, name: input.name, timezone: input.timezone });
    const [person] = await tx.select({ name: user.name }).from(user).where(eq(user.id, input.userId));
    await tx.insert(profiles).values({
      companyId: input.companyId,
      userId: input.userId,
      role: 'admin',
      displayName: person?.name?.trim() || null,
      createdAt: input.now,
      updatedAt: input.now,
    });
  });
}
