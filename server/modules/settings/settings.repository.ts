import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activities, companies, customerCompanies, profiles, user } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { computeAuditChanges, createAuditEvent, hasChanges, insertAuditEvent } from '../audit/audit.service';

export type Scope = { companyId: string; userId: string };

export type ProfileRecord = { displayName: string | null; avatarUrl: string | null; email: string; locale: string | null };

export async function findProfile(db: Database, scope: Scope): Promise<ProfileRecord | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .select({ displayName: profiles.displayName, avatarUrl: profiles.avatarUrl, email: user.email, locale: user.locale })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(and(eq(profiles.companyId, scope.companyId), eq(profiles.userId, scope.userId), isNull(profiles.removedAt)));
    return row ?? null;
  });
}

export async function updateProfile(
  db: Database,
  scope: Scope,
  patch: { displayName?: string | null; updatedAt: Date },
): Promise<void> {
  await withTenant(db, scope, (tx) =>
    tx
      .update(profiles)
      .set(patch)
      .where(and(eq(profiles.companyId, scope.companyId), eq(profiles.userId, scope.userId), isNull(profiles.removedAt))),
  );
}

/**
 * The language preference belongs to the person (better-auth's user row), not to a membership.
 * That table is not tenant data and app_user may not write it, so this runs as the owning role,
 * keyed by the signed-in person's own id only.
 */
export async function updateUserLocale(db: Database, userId: string, locale: string | null, now: Date): Promise<void> {
  await db.update(user).set({ locale, updatedAt: now }).where(eq(user.id, userId));
}

export type CompanyRecord = typeof companies.$inferSelect & {
  counts: { members: number; activities: number; customers: number };
};

export async function findCompanyWithCounts(db: Database, scope: Scope): Promise<CompanyRecord | null> {
  return withTenant(db, scope, async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, scope.companyId));
    if (!company) return null;
    const [counts] = await tx
      .select({
        members: sql<number>`(SELECT count(*)::int FROM ${profiles} WHERE ${profiles.companyId} = ${scope.companyId} AND ${profiles.removedAt} IS NULL)`,
        activities: sql<number>`(SELECT count(*)::int FROM ${activities} WHERE ${activities.companyId} = ${scope.companyId})`,
        customers: sql<number>`(SELECT count(*)::int FROM ${customerCompanies} WHERE ${customerCompanies.companyId} = ${scope.companyId})`,
      })
      .from(sql`(SELECT 1) AS one`);
    return {
      ...company,
      counts: {
        members: Number(counts?.members ?? 0),
        activities: Number(counts?.activities ?? 0),
        customers: Number(counts?.customers ?? 0),
      },
    };
  });
}

/**
 * Changes the company's name, time zone or currency and records, in the same transaction, which
 * fields changed with their values before and after (nothing when the save changed nothing).
 */
export async function updateCompany(
  db: Database,
  scope: Scope,
  patch: { name?: string; timezone?: string; currency?: string },
  now: Date,
): Promise<boolean> {
  return withTenant(db, scope, async (tx) => {
    const fields = { name: companies.name, timezone: companies.timezone, currency: companies.currency };
    const [before] = await tx.select(fields).from(companies).where(eq(companies.id, scope.companyId)).for('update');
    if (!before) return false;
    const rows = await tx.update(companies).set(patch).where(eq(companies.id, scope.companyId)).returning(fields);
    const after = rows[0];
    if (!after) return false;
    const changes = computeAuditChanges(before, after, ['name', 'timezone', 'currency']);
    if (hasChanges(changes)) {
      await insertAuditEvent(
        tx,
        createAuditEvent(scope, 'company.updated', { target: { type: 'company', id: scope.companyId }, details: { changes }, at: now }),
      );
    }
    return true;
  });
}
