import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { customerCompanies } from '../../db/schema';
import { type CompanyId, type MemberScope, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';

export type CustomerRow = typeof customerCompanies.$inferSelect & { activityCount: number; activitiesSinceArchived: number };

/** How many activities name the customer (activities_company_customer_idx serves it). */
// Qualified by hand: drizzle may name a column without its table inside a subquery.
const activityCount = sql<number>`(SELECT count(*)::int FROM activities a WHERE a.company_id = customer_companies.company_id AND a.customer_id = customer_companies.id)`;
/** How many of those were logged after it was archived: a customer reps still work with (decision 086). */
const activitiesSinceArchived = sql<number>`(CASE WHEN customer_companies.archived_at IS NULL THEN 0 ELSE (SELECT count(*)::int FROM activities a WHERE a.company_id = customer_companies.company_id AND a.customer_id = customer_companies.id AND a.updated_at > customer_companies.archived_at) END)`;
const customerColumns = {
  id: customerCompanies.id,
  companyId: customerCompanies.companyId,
  name: customerCompanies.name,
  domain: customerCompanies.domain,
  segment: customerCompanies.segment,
  pointValue: customerCompanies.pointValue,
  createdBy: customerCompanies.createdBy,
  createdAt: customerCompanies.createdAt,
  archivedAt: customerCompanies.archivedAt,
  activityCount,
  activitiesSinceArchived,
};

export type CustomerStatus = 'active' | 'archived' | 'all';

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
): Promise<{ id: string; name: string; archived: boolean }[]> {
  const prefix = `${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return withTenant(db, scope, (tx) =>
    tx
      .select({
        id: customerCompanies.id,
        name: customerCompanies.name,
        archived: sql<boolean>`${customerCompanies.archivedAt} IS NOT NULL`,
      })
      .from(customerCompanies)
      // Archived customers stay out of the log dialogs (decision 041), but one whose exact name is
      // typed is answered, marked archived: the log links to it, and the rep is told (decision 086).
      .where(
        and(
          eq(customerCompanies.companyId, scope.companyId),
          or(
            and(isNull(customerCompanies.archivedAt), ilike(customerCompanies.name, containsPattern(text))),
            and(isNotNull(customerCompanies.archivedAt), sql`lower(${customerCompanies.name}) = lower(${text})`),
          ),
        ),
      )
      .orderBy(sql`(${customerCompanies.name} ILIKE ${prefix}) DESC`, asc(sql`lower(${customerCompanies.name})`))
      .limit(limit),
  );
}

/** The company's customers of a status matching `search` on name, domain or segment (all when empty), newest first. */
export async function findCustomers(
  db: Database,
  scope: MemberScope,
  search: string,
  limit: number,
  status: CustomerStatus = 'active',
): Promise<CustomerRow[]> {
  const pattern = containsPattern(search);
  return withTenant(db, scope, (tx) =>
    tx
      .select(customerColumns)
      .from(customerCompanies)
      .where(
        and(
          eq(customerCompanies.companyId, scope.companyId),
          status === 'active'
            ? isNull(customerCompanies.archivedAt)
            : status === 'archived'
              ? isNotNull(customerCompanies.archivedAt)
              : undefined,
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
    return row ? { ...row, activityCount: 0, activitiesSinceArchived: 0 } : null;
  });
}

/** One of the company's customers, or null. */
async function selectCustomerIn(tx: Transaction, companyId: CompanyId, id: string, lock = false): Promise<CustomerRow | null> {
  const query = tx
    .select(customerColumns)
    .from(customerCompanies)
    .where(and(eq(customerCompanies.companyId, companyId), eq(customerCompanies.id, id)));
  const [row] = lock ? await query.for('update', { of: customerCompanies }) : await query;
  return row ?? null;
}

/**
 * Renames, archives or restores a customer: null when the company has none of that id, 'exists'
 * when another customer has the name (case-insensitively; the unique index decides).
 */
export async function updateCustomer(
  db: Database,
  scope: MemberScope,
  id: string,
  patch: { name?: string; archivedAt?: Date | null },
  at: Date,
): Promise<CustomerRow | 'exists' | null> {
  return withTenant(db, scope, async (tx) => {
    const before = await selectCustomerIn(tx, scope.companyId, id);
    if (!before) return null;
    if (patch.name !== undefined) {
      const [clash] = await tx
        .select({ id: customerCompanies.id })
        .from(customerCompanies)
        .where(
          and(
            eq(customerCompanies.companyId, scope.companyId),
            sql`lower(${customerCompanies.name}) = lower(${patch.name})`,
            sql`${customerCompanies.id} <> ${id}`,
          ),
        );
      if (clash) return 'exists';
    }
    const updated = await tx
      .update(customerCompanies)
      .set(patch)
      .where(and(eq(customerCompanies.companyId, scope.companyId), eq(customerCompanies.id, id)))
      .returning({ id: customerCompanies.id });
    if (updated.length === 0) return null;
    const after = (await selectCustomerIn(tx, scope.companyId, id))!;
    // Audited like a merge (decision 086): what changed, in the change's own transaction.
    const renamed = after.name !== before.name;
    const archivedChanged = (after.archivedAt === null) !== (before.archivedAt === null);
    if (renamed || archivedChanged) {
      const details = {
        name: after.name,
        ...(renamed ? { renamedFrom: before.name } : {}),
        ...(archivedChanged ? { archived: after.archivedAt !== null } : {}),
      };
      await insertAuditEvent(tx, createAuditEvent(scope, 'customer.changed', { target: { type: 'customer', id }, details, at }));
    }
    return after;
  });
}

/**
 * Transaction step (customer merges, decision 041): the two customers, locked in id order (two
 * merges of one pair wait for each other instead of deadlocking); null unless both are the
 * company's (row-level security shows no other).
 */
export async function lockCustomerPairIn(
  tx: Transaction,
  companyId: CompanyId,
  fromId: string,
  intoId: string,
): Promise<{ from: CustomerRow; into: CustomerRow } | null> {
  const [first, second] = [fromId, intoId].sort() as [string, string];
  const a = await selectCustomerIn(tx, companyId, first, true);
  const b = await selectCustomerIn(tx, companyId, second, true);
  if (!a || !b) return null;
  return a.id === fromId ? { from: a, into: b } : { from: b, into: a };
}

/** Transaction step (customer merges): removes a customer (its activities already name another). */
export async function deleteCustomerIn(tx: Transaction, companyId: CompanyId, id: string): Promise<void> {
  await tx.delete(customerCompanies).where(and(eq(customerCompanies.companyId, companyId), eq(customerCompanies.id, id)));
}

/** Transaction step: one of the company's customers as it is now, with its activity count. */
export const findCustomerIn = (tx: Transaction, companyId: CompanyId, id: string) => selectCustomerIn(tx, companyId, id);

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

/** Transaction step (imports): the lower-cased names of the company's customers. */
export async function selectCustomerNamesIn(tx: Transaction, companyId: CompanyId): Promise<Set<string>> {
  const rows = await tx
    .select({ name: sql<string>`lower(${customerCompanies.name})` })
    .from(customerCompanies)
    .where(eq(customerCompanies.companyId, companyId));
  return new Set(rows.map((row) => row.name));
}

/**
 * Transaction step (imports): finds or creates each named customer in two statements, whatever the
 * count (set-based, race-safe on the unique lower(name) index as getOrCreateCustomer). Keyed by
 * the lower-cased name.
 */
export async function getOrCreateCustomersIn(
  tx: Transaction,
  scope: MemberScope,
  names: readonly string[],
  createdAt: Date,
): Promise<Map<string, CustomerRef>> {
  const found = new Map<string, CustomerRef>();
  if (names.length === 0) return found;
  const list = JSON.stringify(names);
  await tx.execute(sql`
    INSERT INTO customer_companies (company_id, name, created_by, created_at)
    SELECT DISTINCT ON (lower(n)) ${scope.companyId}::uuid, n, ${scope.userId}, ${createdAt.toISOString()}::timestamptz
      FROM json_array_elements_text(${list}::json) AS n
    ON CONFLICT DO NOTHING`);
  const result = await tx.execute(sql`
    SELECT id, name FROM customer_companies
     WHERE company_id = ${scope.companyId}::uuid
       AND lower(name) IN (SELECT lower(n) FROM json_array_elements_text(${list}::json) AS n)`);
  for (const row of (result as unknown as { rows: CustomerRef[] }).rows) found.set(row.name.toLowerCase(), row);
  return found;
}

/** Transaction step (imports): new customers, set-based; a name taken meanwhile is left out. Returns how many were created. */
export async function insertCustomersIn(
  tx: Transaction,
  scope: MemberScope,
  rows: readonly { name: string; domain: string | null; segment: string | null }[],
  createdAt: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await tx.execute(sql`
    INSERT INTO customer_companies (company_id, name, domain, segment, created_by, created_at)
    SELECT ${scope.companyId}::uuid, r.name, r.domain, r.segment, ${scope.userId}, ${createdAt.toISOString()}::timestamptz
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(name text, domain text, segment text)
    ON CONFLICT DO NOTHING
    RETURNING id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
