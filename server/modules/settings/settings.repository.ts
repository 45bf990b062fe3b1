import type { Database } from '../../db/client';
import { type MemberScope, withTenant } from '../../db/tenant';
import { countActivitiesIn } from '../activities/activities.service';
import { type CompanyRow, selectCompany } from '../companies/companies.service';
import { countActiveMembersIn } from '../companies/memberships.service';
import { countCustomersIn } from '../customers/customers.service';

export type CompanyRecord = CompanyRow & {
  counts: { members: number; activities: number; customers: number };
};

/**
 * The company settings page's read: the company with how many members, activities and customers
 * it has, each counted by the table's owner, all in one transaction.
 */
export async function findCompanyWithCounts(db: Database, scope: MemberScope): Promise<CompanyRecord | null> {
  return withTenant(db, scope, async (tx) => {
    const company = await selectCompany(tx, scope.companyId);
    if (!company) return null;
    return {
      ...company,
      counts: {
        members: await countActiveMembersIn(tx, scope.companyId),
        activities: await countActivitiesIn(tx, scope.companyId),
        customers: await countCustomersIn(tx, scope.companyId),
      },
    };
  });
}
