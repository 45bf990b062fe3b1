import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activities, customerCompanies, user } from '../../db/schema';
import { type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { type CompanyRow, selectCompany } from '../companies/companies.service';
import { countActiveMembersIn } from '../companies/memberships.service';


/**
 * The language preference belongs to the person (better-auth's user row), not to a membership.
 * That table is not tenant data and app_user may not write it, so this runs as the owning role,
 * keyed by the signed-in person's own id only.
 */
export async function updateUserLocale(db: Database, userId: UserId, locale: string | null, now: Date): Promise<void> {
  await db.update(user).set({ locale, updatedAt: now }).where(eq(user.id, userId));
}

export type CompanyRecord = CompanyRow & {
  counts: { members: number; activities: number; customers: number };
};

/** The company with how many members, activities and customers it has, read in one transaction. */
export async function findCompanyWithCounts(db: Database, scope: MemberScope): Promise<CompanyRecord | null> {
  return withTenant(db, scope, async (tx) => {
    const company = await selectCompany(tx, scope.companyId);
    if (!company) return null;
    const members = await countActiveMembersIn(tx, scope.companyId);
    const [counts] = await tx
      .select({
        activities: sql<number>`(SELECT count(*)::int FROM ${activities} WHERE ${activities.companyId} = ${scope.companyId})`,
        customers: sql<number>`(SELECT count(*)::int FROM ${customerCompanies} WHERE ${customerCompanies.companyId} = ${scope.companyId})`,
      })
      .from(sql`(SELECT 1) AS one`);
    return {
      ...company,
      counts: {
        members,
        activities: Number(counts?.activities ?? 0),
        customers: Number(counts?.customers ?? 0),
      },
    };
  });
}
