import { DEFAULT_KPI_RULES, KPI_KEYS, type KindRuleChange, type KpiKey, type KpiRule } from '@core/kpi';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { kpiRules } from '../../db/schema';
import { type CompanyId, type MemberScope, withTenant } from '../../db/tenant';
import { computeAuditChanges, createAuditEvent, hasChanges, insertAuditEvent } from '../audit/audit.service';

export type KpiRuleRow = typeof kpiRules.$inferSelect;

const isKpiKey = (key: string): key is KpiKey => (KPI_KEYS as readonly string[]).includes(key);

/** A new company's rules, the defaults of core/kpi, inside the transaction that creates the company. */
export async function insertDefaultKpiRules(tx: Transaction, companyId: CompanyId): Promise<void> {
  await tx.insert(kpiRules).values(DEFAULT_KPI_RULES.map((rule) => ({ ...rule, companyId })));
}

/** Transaction step (activities): the company's rules as core/kpi computes points with them. */
export async function selectRulesForPoints(tx: Transaction, companyId: CompanyId): Promise<KpiRule[]> {
  const rows = await tx
    .select({
      kpiKey: kpiRules.kpiKey,
      basePoints: kpiRules.basePoints,
      enabled: kpiRules.enabled,
      multiplierValue: kpiRules.multiplierValue,
      threshold: kpiRules.threshold,
    })
    .from(kpiRules)
    .where(eq(kpiRules.companyId, companyId));
  return rows.filter((r): r is typeof r & { kpiKey: KpiKey } => isKpiKey(r.kpiKey));
}

/** The company's rules, ordered by key (kpi_key), the same order every time. */
export async function findKpiRules(db: Database, scope: MemberScope): Promise<KpiRuleRow[]> {
  return withTenant(db, scope, (tx) =>
    tx.select().from(kpiRules).where(eq(kpiRules.companyId, scope.companyId)).orderBy(asc(kpiRules.kpiKey)),
  );
}

export async function findKpiRule(db: Database, scope: MemberScope, id: string): Promise<KpiRuleRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx.select().from(kpiRules).where(eq(kpiRules.id, id));
    return row ?? null;
  });
}

/**
 * Row-level security keeps the update inside the caller's company; another company's id matches
 * nothing. What changed (before and after, fields that kept their value left out) goes to the audit
 * log in the same transaction; a save that changes nothing records nothing.
 */
export async function updateKpiRule(
  db: Database,
  scope: MemberScope,
  id: string,
  patch: { basePoints?: number; enabled?: boolean; multiplierValue?: number; threshold?: number; updatedAt: Date },
): Promise<KpiRuleRow | null> {
  return withTenant(db, scope, async (tx) => {
    // Locked, so two admins saving at once each record the value they actually replaced.
    const [before] = await tx.select().from(kpiRules).where(eq(kpiRules.id, id)).for('update');
    if (!before) return null;
    const [row] = await tx.update(kpiRules).set(patch).where(eq(kpiRules.id, id)).returning();
    if (!row) return null;
    await auditRuleChange(tx, scope, before, row, patch.updatedAt);
    return row;
  });
}

/**
 * One kind's points in one save (decision 117): the company's rules are locked, `decide` says which
 * to change from what they are now, and each change is written and audited as a change of that rule,
 * all in one transaction (a failure leaves every rule as it was). Answers every rule after.
 */
export async function updateKindRules(
  db: Database,
  scope: MemberScope,
  decide: (rules: KpiRule[]) => KindRuleChange[],
  at: Date,
): Promise<KpiRuleRow[]> {
  return withTenant(db, scope, async (tx) => {
    const locked = await tx
      .select()
      .from(kpiRules)
      .where(eq(kpiRules.companyId, scope.companyId))
      .orderBy(asc(kpiRules.kpiKey))
      .for('update');
    const current = locked
      .filter((r): r is typeof r & { kpiKey: KpiKey } => isKpiKey(r.kpiKey))
      .map((r) => ({ ...r, multiplierValue: Number(r.multiplierValue) }));
    for (const { kpiKey, ...patch } of decide(current)) {
      const before = current.find((r) => r.kpiKey === kpiKey);
      if (!before) continue;
      const [row] = await tx
        .update(kpiRules)
        .set({ ...patch, updatedAt: at })
        .where(and(eq(kpiRules.companyId, scope.companyId), eq(kpiRules.kpiKey, kpiKey)))
        .returning();
      if (row) await auditRuleChange(tx, scope, before, row, at);
    }
    return tx.select().from(kpiRules).where(eq(kpiRules.companyId, scope.companyId)).orderBy(asc(kpiRules.kpiKey));
  });
}

/** What changed in one rule (before and after, fields that kept their value left out), to the audit log; nothing if nothing did. */
async function auditRuleChange(
  tx: Transaction,
  scope: MemberScope,
  before: Pick<KpiRuleRow, 'basePoints' | 'enabled' | 'threshold'> & { multiplierValue: string | number },
  row: KpiRuleRow,
  at: Date,
): Promise<void> {
  const changes = computeAuditChanges(
    {
      basePoints: before.basePoints,
      enabled: before.enabled,
      multiplierValue: Number(before.multiplierValue),
      threshold: before.threshold,
    },
    { basePoints: row.basePoints, enabled: row.enabled, multiplierValue: Number(row.multiplierValue), threshold: row.threshold },
    ['basePoints', 'enabled', 'multiplierValue', 'threshold'],
  );
  if (!hasChanges(changes) || !isKpiKey(row.kpiKey)) return;
  await insertAuditEvent(
    tx,
    createAuditEvent(scope, 'kpi_rule.changed', { target: { type: 'kpi_rule', id: row.id }, details: { kpiKey: row.kpiKey, changes }, at }),
  );
}
