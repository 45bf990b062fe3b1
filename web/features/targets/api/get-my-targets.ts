import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The caller's targets set by a manager, with progress and pacing for today's day, week and month. */
export function getMyTargets() {
  return api.GET('/api/v1/targets/me');
}

export function getMyTargetsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.myTargets.all, queryFn: getMyTargets });
}

export function useMyTargets() {
  return useQuery(getMyTargetsQueryOptions());
}
