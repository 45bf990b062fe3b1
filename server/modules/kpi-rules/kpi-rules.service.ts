import {
  type BuiltInKind,
  type KindPointsInput,
  type KpiRuleView,
  MULTIPLIER_KPI_KEY,
  THRESHOLD_KPI_KEY,
  type UpdateKpiRule,
} from '@core/contracts';
import { computeKindRuleChanges, DAILY_CALL_BONUS_THRESHOLD, findKindPointsProblem, KPI_KEYS, type KpiKey } from '@core/kpi';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { badRequest, notFound } from '../../lib/http';
import { findKpiRule, findKpiRules, type KpiRuleRow, updateKindRules, updateKpiRule } from './kpi-rules.repository';

/*
 * Transaction steps for other modules: a new company's default rules, written in the transaction
 * that creates it (companies), and the rules points are computed with (activities).
 */
export { insertDefaultKpiRules, selectRulesForPoints } from './kpi-rules.repository';

const isKpiKey = (key: string): key is KpiKey => (KPI_KEYS as readonly string[]).includes(key);

function toView(row: KpiRuleRow & { kpiKey: KpiKey }): KpiRuleView {
  return {
    id: row.id,
    kpiKey: row.kpiKey,
    basePoints: row.basePoints,
    enabled: row.enabled,
    multiplierValue: Number(row.multiplierValue),
    threshold: row.kpiKey === THRESHOLD_KPI_KEY ? (row.threshold ?? DAILY_CALL_BONUS_THRESHOLD) : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every member may read the rules (they explain the points on the boards). */
export async function listKpiRules(deps: AppDeps, actor: Actor): Promise<KpiRuleView[]> {
  const rows = await findKpiRules(deps.database.db, memberScopeOf(actor));
  return rows.filter((r): r is KpiRuleRow & { kpiKey: KpiKey } => isKpiKey(r.kpiKey)).map(toView);
}

/**
 * An admin changes one rule. Points are snapshots (ARCHITECTURE.md): only activities logged after
 * this change score by the new rule. A multiplier other than 0 belongs to sale_ticket_size alone, a
 * number of calls to the daily call bonus alone (decision 108).
 */
export async function changeKpiRule(deps: AppDeps, actor: Actor, id: string, input: UpdateKpiRule): Promise<KpiRuleView> {
  const db = deps.database.db;
  const existing = await findKpiRule(db, memberScopeOf(actor), id);
  if (!existing || !isKpiKey(existing.kpiKey)) throw notFound('No such KPI rule.');
  if (input.multiplierValue !== undefined && input.multiplierValue !== 0 && existing.kpiKey !== MULTIPLIER_KPI_KEY) {
    throw badRequest(`Only ${MULTIPLIER_KPI_KEY} uses a multiplier.`, {
      multiplierValue: `Only ${MULTIPLIER_KPI_KEY} uses a multiplier`,
    });
  }
  if (input.threshold !== undefined && existing.kpiKey !== THRESHOLD_KPI_KEY) {
    throw badRequest('Only the daily call bonus has a number of calls.', { threshold: 'Only the daily call bonus has a number of calls' });
  }
  const multiplierValue = input.multiplierValue === undefined ? undefined : roundMultiplier(input.multiplierValue);
  const updated = await updateKpiRule(db, memberScopeOf(actor), id, {
    basePoints: input.basePoints,
    enabled: input.enabled,
    multiplierValue,
    threshold: input.threshold,
    updatedAt: deps.now(),
  });
  if (!updated || !isKpiKey(updated.kpiKey)) throw notFound('No such KPI rule.');
  return toView(updated as KpiRuleRow & { kpiKey: KpiKey });
}

/** A multiplier as the column keeps it (six decimals). */
const roundMultiplier = (value: number) => Math.round(value * 1_000_000) / 1_000_000;

/**
 * An admin changes what one built-in kind is worth in one save (decision 117), as an own type's points
 * are set: the parts sent change the kind's point rules together (the rules that changed, each
 * audited); a part left out stays. Points are snapshots: activities already logged keep theirs.
 */
export async function setKindPoints(deps: AppDeps, actor: Actor, kind: BuiltInKind, input: KindPointsInput): Promise<KpiRuleView[]> {
  const problem = findKindPointsProblem(kind, input);
  if (problem === 'outcomes_not_allowed') throw badRequest('Only a call has outcomes.', { outcomes: 'Only a call has outcomes' });
  if (problem === 'per_value_not_allowed') {
    throw badRequest('Only a sale earns points per value.', { perValue: 'Only a sale earns points per value' });
  }
  const wanted = { ...input, perValue: input.perValue === undefined ? undefined : roundMultiplier(input.perValue) };
  const rows = await updateKindRules(
    deps.database.db,
    memberScopeOf(actor),
    (rules) => computeKindRuleChanges(kind, wanted, rules),
    deps.now(),
  );
  return rows.filter((r): r is KpiRuleRow & { kpiKey: KpiKey } => isKpiKey(r.kpiKey)).map(toView);
}
