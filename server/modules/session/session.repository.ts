import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, profiles } from '../../db/schema';
import { enterCompany, withTenant } from '../../db/tenant';

export type Membership = {
  profileId: string;
  companyId: string;
  role: string;
  displayName: string | null;
  avatarUrl: string | null;
  teamId: string | null;
  createdAt: Date;
  company: { id: string; name: string; timezone: string; currency: string; logoUrl: string | null; createdAt: Date };
};

/** The person's active membership with its company, or null (no company, or removed). */
export async function findActiveMembership(db: Database, userId: string): Promise<Membership | null> {
  return withTenant(db, { companyId: null, userId }, async (tx) => {
    const [profile] = await tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.userId, userId), isNull(profiles.removedAt)))
      .limit(1);
    if (!profile) return null;
    await enterCompany(tx, profile.companyId);
    const [company] = await tx.select().from(companies).where(eq(companies.id, profile.companyId)).limit(1);
    if (!company) return null;
    return {
      profileId: profile.id,
      companyId: profile.companyId,
      role: profile.role,
      displayName: profile.displayName,
      avatarUrl: profile.avatarUrl,
      teamId: profile.teamId,
      createdAt: profile.createdAt,
      company,
    };
  });
}

/** Whether the person was removed from a company and has no active membership since. */
export async function hasRemovedMembership(db: Database, userId: string): Promise<boolean> {
  return withTenant(db, { companyId: null, userId }, async (tx) => {
    const rows = await tx.select({ removedAt: profiles.removedAt }).from(profiles).where(eq(profiles.userId, userId));
    return rows.length > 0 && rows.every((r) => r.removedAt !== null);
  });
}

/**
 * The company, role and company time zone of the person's active membership, or null: what the
 * actor cache keeps. One statement (the app_active_membership function, migration 0013), run outside
 * a transaction, because it is the whole cost of a session new to this instance.
 */
export async function findActiveMembershipBrief(
  db: Database,
  userId: string,
): Promise<{ companyId: string; role: string; timezone: string } | null> {
  const result = await db.execute(sql`SELECT company_id, role, timezone FROM app_active_membership(${userId})`);
  // Both drivers answer { rows } for execute().
  const [row] = (result as unknown as { rows: { company_id: string; role: string; timezone: string }[] }).rows;
  return row ? { companyId: row.company_id, role: row.role, timezone: row.timezone } : null;
}
