import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The company's point rules (any member may read them): which kinds can be logged and what each
 * outcome is worth now for the log dialogs, and every rule for the KPI Rules screen.
 */
export function getKpiRules() {
  return api.GET('/api/v1/kpi-rules');
}

/* One cache entry for both: an admin's change, here or live (LIVE_REFRESHES), refetches it. */
export function getKpiRulesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.kpiRules, queryFn: getKpiRules, staleTime: 60_000 });
}

export function useKpiRules() {
  return useQuery(getKpiRulesQueryOptions());
}
