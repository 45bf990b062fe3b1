import type { Database } from '../db/client';
import { createCompanyWithDefaults } from '../modules/companies/companies.service';
import { joinCompany } from '../modules/companies/memberships.service';

/*
 * Seed factories: product code shared by dev data, tests and benchmarks. They sit above the
 * modules and call the same service functions the product uses (never a repository), so seeded
 * data obeys the product's rules.
 */

export async function seedCompany(
  db: Database,
  input: { name?: string; timezone?: string } = {},
): Promise<{ id: string; name: string; timezone: string }> {
  return createCompanyWithDefaults(db, { name: input.name ?? 'Acme Sales AS', timezone: input.timezone ?? 'Europe/Oslo' });
}

export async function seedMembership(
  db: Database,
  input: { companyId: string; userId: string; role?: 'admin' | 'user' },
): Promise<void> {
  await joinCompany(db, { companyId: input.companyId, userId: input.userId, role: input.role ?? 'user', allowRejoin: true });
}

export { markEmailVerified } from '../auth/accounts';
