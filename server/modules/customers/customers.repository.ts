import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { customerCompanies } from '../../db/schema';
import { type CompanyId, type MemberScope, withTenant } from '../../db/tenant';

export type CustomerRow = typeof customerCompanies.$inferSelect;

/** A LIKE pattern matching `text` anywhere, with the wildcard characters in it taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Up to `limit` customers whose name contains `text` (case-insensitive); names starting with it first. */
export async function findCustomerSuggestions(
  db: Database,
  scope: MemberScope,
  text: string,
  limit: number,
): Promise<{ id: string; name: string }[]> {
  const prefix = `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return withTenant(db, scope, (tx) =>
    tx
      .select({ id: customerCompanies.id, name: customerCompanies.name })
      .from(customerCompanies)
      .where(and(eq(customerCompanies.companyId, scope.companyId), ilike(customerCompanies.name, containsPattern(text))))
      .orderBy(sql`(${customerCompanies.name} ILIKE ${prefix}) DESC`, asc(sql`lower(${customerCompanies.name})`))
      .limit(limit),
  );
}

/** The company's customers matching `search` on name, domain or segment (all when empty), newest first. */
export async function findCustomers(db: Database, scope: MemberScope, search: string, limit: number): Promise<CustomerRow[]> {
  const pattern = containsPattern(search);
  return withTenant(db, scope, (tx) =>
    tx
      .select()
      .from(customerCompanies)
      .where(
        and(
          eq(customerCompanies.companyId, scope.companyId),
          search === ''
            ? undefined
            : or(
                ilike(customerCompanies.name, pattern),
                ilike(customerCompanies.domain, pattern),
                ilike(customerCompanies.segment, pattern),
              ),
        ),
      )
      .orderBy(desc(customerCompanies.createdAt), desc(customerCompanies.id))
      .limit(limit),
  );
}

/**
 * Creates a customer unless the company already has one of that name (case-insensitively): null
 * then. Race-safe: the unique index on (company_id, lower(name)) decides, not a prior read.
 */
export async function insertCustomer(
  db: Database,
  scope: MemberScope,
  values: { name: string; domain: string | null; segment: string | null; pointValue: number; createdAt: Date },
): Promise<CustomerRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .insert(customerCompanies)
      .values({ ...values, companyId: scope.companyId, createdBy: scope.userId })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  });
}

export type CustomerRef = Pick<CustomerRow, 'id' | 'name'>;

/**
 * Transaction step (activities): the company's customer of that name, created as the member when
 * new. Race-safe: the unique index on (company_id, lower(name)) decides; a name another transaction
 * holds or committed is read back once it has.
 */
export async function getOrCreateCustomer(
  tx: Transaction,
  scope: MemberScope,
  input: { name: string; createdAt: Date },
): Promise<CustomerRef> {
  const [created] = await tx
    .insert(customerCompanies)
    .values({ companyId: scope.companyId, name: input.name, createdBy: scope.userId, createdAt: input.createdAt })
    .onConflictDoNothing()
    .returning({ id: customerCompanies.id, name: customerCompanies.name });
  if (created) return created;
  // Another transaction holds or committed the name; this statement sees the committed row.
  const [existing] = await tx
    .select({ id: customerCompanies.id, name: customerCompanies.name })
    .from(customerCompanies)
    .where(and(eq(customerCompanies.companyId, scope.companyId), sql`lower(${customerCompanies.name}) = lower(${input.name})`));
  if (!existing) throw new Error(`customer "${input.name}" neither inserted nor found`);
  return existing;
}

/** Transaction step (company settings): how many customers the company has. */
export async function countCustomersIn(tx: Transaction, companyId: CompanyId): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(customerCompanies)
    .where(eq(customerCompanies.companyId, companyId));
  return Number(row?.n ?? 0);
}
