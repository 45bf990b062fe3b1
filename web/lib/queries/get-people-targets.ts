import type { PeopleTargets, PeopleTargetsQuery } from '@core/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export function getPeopleTargets(query: PeopleTargetsQuery): Promise<PeopleTargets> {
  return api.GET('/api/v1/targets/people', { params: { query } });
}

/** Each person's target for one KPI and period (the KPI board's "% of target"); a target changed anywhere refreshes it. */
export function usePeopleTargets(query: PeopleTargetsQuery, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.targets.people(query),
    queryFn: () => getPeopleTargets(query),
    enabled: options.enabled ?? true,
  });
}
