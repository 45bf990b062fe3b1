import type { KpiRuleList } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** The company's point rules, ordered by key (any member may read them). */
export function getKpiRules(): Promise<KpiRuleList> {
  return apiFetch<KpiRuleList>('/kpi-rules');
}

export const kpiRulesQueryKey = ['company', 'kpi-rules'] as const;

export function getKpiRulesQueryOptions() {
  return queryOptions({ queryKey: kpiRulesQueryKey, queryFn: getKpiRules });
}

export function useKpiRules() {
  return useQuery(getKpiRulesQueryOptions());
}
