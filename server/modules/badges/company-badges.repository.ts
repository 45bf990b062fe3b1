import { and, asc, eq, sql } from 'drizzle-orm';
import type { CompanyBadgeDefinition } from '@core/contracts';
import type { Transaction } from '../../db/client';
import { companyBadges } from '../../db/schema';
import type { CompanyId } from '../../db/tenant';

export type CompanyBadgeRow = typeof companyBadges.$inferSelect;

/** The company's own badges, in the order they were made. */
export async function selectCompanyBadgesIn(tx: Transaction, companyId: CompanyId): Promise<CompanyBadgeRow[]> {
  return tx
    .select()
    .from(companyBadges)
    .where(eq(companyBadges.companyId, companyId))
    .orderBy(asc(companyBadges.createdAt), asc(companyBadges.id));
}

/**
 * Holds the company's badge list still: exclusively for an admin's change (the count and the names
 * are checked under it), shared while badges are awarded (so none is deleted in the meantime).
 */
export async function lockCompanyBadges(tx: Transaction, companyId: CompanyId, mode: 'exclusive' | 'shared' = 'exclusive'): Promise<void> {
  const key = `company_badges:${companyId}`;
  await tx.execute(
    mode === 'shared'
      ? sql`SELECT pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`
      : sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`,
  );
}

export async function insertCompanyBadge(
  tx: Transaction,
  companyId: CompanyId,
  definition: CompanyBadgeDefinition & { enabled: boolean },
  at: Date,
): Promise<CompanyBadgeRow> {
  const [row] = await tx
    .insert(companyBadges)
    .values({ companyId, ...definition, createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function updateCompanyBadgeRow(
  tx: Transaction,
  companyId: CompanyId,
  id: string,
  definition: CompanyBadgeDefinition & { enabled: boolean },
  at: Date,
): Promise<CompanyBadgeRow | null> {
  const [row] = await tx
    .update(companyBadges)
    .set({ ...definition, updatedAt: at })
    .where(and(eq(companyBadges.companyId, companyId), eq(companyBadges.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteCompanyBadgeRow(tx: Transaction, companyId: CompanyId, id: string): Promise<void> {
  await tx.delete(companyBadges).where(and(eq(companyBadges.companyId, companyId), eq(companyBadges.id, id)));
}

/** Whether anyone has earned the badge (then it is switched off rather than deleted: what was earned stays). */
export async function isCompanyBadgeEarnedIn(tx: Transaction, companyId: CompanyId, id: string): Promise<boolean> {
  const result = await tx.execute(sql`SELECT 1 FROM badges
    WHERE company_id = ${companyId}::uuid AND kind = 'company' AND data ->> 'companyBadgeId' = ${id} LIMIT 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Which of these members already hold which of these company badges' occasions, as "userId occasion". */
export async function selectEarnedOccasionsIn(
  tx: Transaction,
  companyId: CompanyId,
  occasions: readonly string[],
  userIds: readonly string[],
): Promise<Set<string>> {
  if (occasions.length === 0 || userIds.length === 0) return new Set();
  const result = await tx.execute<{ user_id: string; occasion: string }>(sql`SELECT user_id, occasion FROM badges
    WHERE company_id = ${companyId}::uuid AND kind = 'company'
      AND occasion IN (SELECT json_array_elements_text(${JSON.stringify(occasions)}::json))
      AND user_id IN (SELECT json_array_elements_text(${JSON.stringify(userIds)}::json))`);
  return new Set(
    (result as unknown as { rows: { user_id: string; occasion: string }[] }).rows.map((row) => `${row.user_id} ${row.occasion}`),
  );
}
