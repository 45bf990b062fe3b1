import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { kpiRules } from '../../db/schema';
import { withTenant } from '../../db/tenant';

export type KpiRuleRow = typeof kpiRules.$inferSelect;
export type Scope = { companyId: string; userId: string };

/** The company's rules, ordered by key (spec 7: kpi_rules ordered by kpi_key). */
export async function findKpiRules(db: Database, scope: Scope): Promise<KpiRuleRow[]> {
  return withTenant(db, scope, (tx) =>
    tx.select().from(kpiRules).where(eq(kpiRules.companyId, scope.companyId)).orderBy(asc(kpiRules.kpiKey)),
  );
}

export async function findKpiRule(db: Database, scope: Scope, id: string): Promise<KpiRuleRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx.select().from(kpiRules).where(eq(kpiRules.id, id));
    return row ?? null;
  });
}

/** Row-level security keeps the update inside the caller's company; another company's id matches nothing. */
export async function updateKpiRule(
  db: Database,
  scope: Scope,
  id: string,
  patch: { basePoints?: number; enabled?: boolean; multiplierValue?: number; updatedAt: Date },
): Promise<KpiRuleRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx.update(kpiRules).set(patch).where(eq(kpiRules.id, id)).returning();
    return row ?? null;
  });
}
