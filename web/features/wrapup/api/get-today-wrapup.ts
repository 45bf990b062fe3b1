import type { WrapupToday } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Today's saved wrap-up (or null) and the day's numbers from the logged activities. */
export function getTodayWrapup(): Promise<WrapupToday> {
  return apiFetch<WrapupToday>('/wrapups/today');
}

/** Starts with 'wrapups': live changes to activities and wrap-ups refetch it. */
export const todayWrapupQueryKey = ['wrapups', 'today'] as const;

export function getTodayWrapupQueryOptions() {
  return queryOptions({ queryKey: todayWrapupQueryKey, queryFn: getTodayWrapup });
}

export function useTodayWrapup() {
  return useQuery(getTodayWrapupQueryOptions());
}
