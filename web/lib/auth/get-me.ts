import type { Me } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../api';

/** The signed-in person with membership and onboarding status; null when signed out. */
export function getMe(): Promise<Me | null> {
  return apiFetch<Me | null>('/me');
}

export const meQueryKey = ['me'] as const;

export function getMeQueryOptions() {
  return queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}
