import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { queryKeys } from '../query-keys';

/** The signed-in person with membership and onboarding status; null when signed out. */
export function getMe() {
  return api.GET('/api/v1/me');
}

export function getMeQueryOptions() {
  return queryOptions({ queryKey: queryKeys.me, queryFn: getMe, staleTime: 60_000 });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
