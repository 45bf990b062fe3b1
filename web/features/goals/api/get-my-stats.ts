import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The personal stats cards: today's counts with the rep's goals. */
export function getMyStats() {
  return api.GET('/api/v1/stats/me/today');
}

export function getMyStatsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.myStats.today, queryFn: getMyStats });
}

export function useMyStats() {
  return useQuery(getMyStatsQueryOptions());
}
