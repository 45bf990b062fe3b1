import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Every target set for the company's people, with its history (admins). */
export function getTargets() {
  return api.GET('/api/v1/targets');
}

export function getTargetsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.targets.list, queryFn: getTargets });
}

export function useTargets() {
  return useQuery(getTargetsQueryOptions());
}
