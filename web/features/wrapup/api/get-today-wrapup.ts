import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Today's saved wrap-up (or null) and the day's numbers from the logged activities. */
export function getTodayWrapup() {
  return api.GET('/api/v1/wrapups/today');
}

/** Under 'wrapups': live changes to activities and wrap-ups refetch it. */
export function getTodayWrapupQueryOptions() {
  return queryOptions({ queryKey: queryKeys.wrapups.today, queryFn: getTodayWrapup });
}

export function useTodayWrapup() {
  return useQuery(getTodayWrapupQueryOptions());
}
