import type { KpiRuleList } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** The company's point rules: which kinds can be logged and what each outcome is worth now. */
export function getKpiRules(): Promise<KpiRuleList> {
  return apiFetch<KpiRuleList>('/kpi-rules');
}

/*
 * Under the 'kpi-rules' prefix, so an admin's rule change that invalidates ['kpi-rules'] reaches it;
 * its own second part keeps it apart from how other screens may cache the same list.
 */
export const kpiRulesQueryKey = ['kpi-rules', 'for-logging'] as const;

export function getKpiRulesQueryOptions() {
  return queryOptions({ queryKey: kpiRulesQueryKey, queryFn: getKpiRules, staleTime: 60_000 });
}

export function useKpiRules() {
  return useQuery(getKpiRulesQueryOptions());
}
