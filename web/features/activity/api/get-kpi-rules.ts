import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company's point rules: which kinds can be logged and what each outcome is worth now. */
export function getKpiRules() {
  return api.GET('/api/v1/kpi-rules');
}

/* The same key as the KPI Rules tab's (one cache entry); an admin's change, here or live, refetches it. */
export function getKpiRulesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.kpiRules, queryFn: getKpiRules, staleTime: 60_000 });
}

export function useKpiRules() {
  return useQuery(getKpiRulesQueryOptions());
}
