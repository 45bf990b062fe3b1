import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { customerCompanies } from '../../db/schema';
import { type MemberScope, withTenant } from '../../db/tenant';

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
