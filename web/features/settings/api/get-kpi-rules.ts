import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company's point rules, ordered by key (any member may read them). */
export function getKpiRules() {
  return api.GET('/api/v1/kpi-rules');
}

/* The same key as the log dialogs' (one cache entry): a change here shows in them, and back. */
export function getKpiRulesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.kpiRules, queryFn: getKpiRules });
}

export function useKpiRules() {
  return useQuery(getKpiRulesQueryOptions());
}
