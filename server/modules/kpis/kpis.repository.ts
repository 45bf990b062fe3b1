import { and, asc, eq, sql } from 'drizzle-orm';
import type { KpiDefinition } from '@core/contracts';
import type { Transaction } from '../../db/client';
import { kpis } from '../../db/schema';
import type { CompanyId } from '../../db/tenant';

/*
 * The one owner of kpis (decision 101). Every function is a step of the caller's open transaction
 * (withTenant in the service).
 */

export type KpiRow = typeof kpis.$inferSelect;

/** The company's KPIs in their order. */
export async function selectKpis(tx: Transaction, companyId: CompanyId): Promise<KpiRow[]> {
  return tx.select().from(kpis).where(eq(kpis.companyId, companyId)).orderBy(asc(kpis.position), asc(kpis.createdAt));
}

/** One change to a company's KPIs at a time: a formula is checked against the others (no circle) before it is written. */
export async function lockKpis(tx: Transaction, companyId: CompanyId): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`kpis:${companyId}`}, 0))`);
}

export async function insertKpi(
  tx: Transaction,
  companyId: CompanyId,
  input: { definition: KpiDefinition; position: number; now: Date },
): Promise<KpiRow> {
  const [row] = await tx
    .insert(kpis)
    .values({ companyId, ...input.definition, position: input.position, createdAt: input.now, updatedAt: input.now })
    .returning();
  return row!;
}

export async function updateKpiRow(
  tx: Transaction,
  companyId: CompanyId,
  input: { id: string; definition: KpiDefinition; now: Date },
): Promise<KpiRow | null> {
  const [row] = await tx
    .update(kpis)
    .set({ ...input.definition, updatedAt: input.now })
    .where(and(eq(kpis.companyId, companyId), eq(kpis.id, input.id)))
    .returning();
  return row ?? null;
}

export async function deleteKpiRow(tx: Transaction, companyId: CompanyId, id: string): Promise<boolean> {
  const rows = await tx
    .delete(kpis)
    .where(and(eq(kpis.companyId, companyId), eq(kpis.id, id)))
    .returning({ id: kpis.id });
  return rows.length > 0;
}
