import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { user } from '../schema';
import { withInstance } from '../tenant';
import { insertCompanyWithDefaults, joinCompany } from '../../modules/onboarding/onboarding.repository';

/*
 * Seed factories: product code shared by dev data, tests and benchmarks. They call the same
 * repository functions the product uses, so seeded data obeys the product's rules.
 */

export async function seedCompany(
  db: Database,
  input: { name?: string; timezone?: string } = {},
): Promise<{ id: string; name: string; timezone: string }> {
  const company = { id: crypto.randomUUID(), name: input.name ?? 'Acme Sales AS', timezone: input.timezone ?? 'Europe/Oslo' };
  await withInstance(db, { companyId: company.id, userId: null }, (tx) => insertCompanyWithDefaults(tx, company));
  return company;
}

export async function seedMembership(
  db: Database,
  input: { companyId: string; userId: string; role?: 'admin' | 'user' },
): Promise<void> {
  await joinCompany(db, { companyId: input.companyId, userId: input.userId, role: input.role ?? 'user', allowRejoin: true });
}

export async function markEmailVerified(db: Database, userId: string): Promise<void> {
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}
