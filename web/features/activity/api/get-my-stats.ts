import type { MyTodayStats } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** The personal stats cards: today's counts with the rep's goals. */
export function getMyStats(): Promise<MyTodayStats> {
  return apiFetch<MyTodayStats>('/stats/me/today');
}

export const myStatsQueryKey = ['my-stats', 'today'] as const;

export function getMyStatsQueryOptions() {
  return queryOptions({ queryKey: myStatsQueryKey, queryFn: getMyStats });
}

export function useMyStats() {
  return useQuery(getMyStatsQueryOptions());
}
