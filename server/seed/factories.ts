import type { Database } from '../db/client';
import { type CompanyId, toCompanyId, toUserId } from '../db/tenant';
import { createCompanyWithDefaults } from '../modules/companies/companies.service';
import { joinCompany } from '../modules/companies/memberships.service';

/*
 * Seed factories: product code shared by dev data, tests and benchmarks. They sit above the
 * modules and call the same service functions the product uses (never a repository), so seeded
 * data obeys the product's rules. Their callers name companies and people by the ids they were
 * given (a test's user, an e2e journey's API answer), trusted as such here.
 */

export async function seedCompany(
  db: Database,
  input: { name?: string; timezone?: string } = {},
): Promise<{ id: CompanyId; name: string; timezone: string }> {
  return createCompanyWithDefaults(db, { name: input.name ?? 'Acme Sales AS', timezone: input.timezone ?? 'Europe/Oslo' });
}

export async function seedMembership(db: Database, input: { companyId: string; userId: string; role?: 'admin' | 'user' }): Promise<void> {
  await joinCompany(db, {
    companyId: toCompanyId(input.companyId),
    userId: toUserId(input.userId),
    role: input.role ?? 'user',
    allowRejoin: true,
  });
}

export { markEmailVerified } from '../auth/accounts';
