import type { RecentActivities, RecentActivitiesQuery } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Spec 9: the dashboard feed and Team Overview show the latest 10. */
export const RECENT_ACTIVITIES_LIMIT = 10;

export type RecentActivitiesRequest = { limit?: number; period?: RecentActivitiesQuery['period'] };

/** The company's latest activities, newest first. */
export function getRecentActivities(request: RecentActivitiesRequest, signal?: AbortSignal): Promise<RecentActivities> {
  return apiFetch<RecentActivities>('/scoreboard/recent-activities', {
    query: { limit: request.limit ?? RECENT_ACTIVITIES_LIMIT, period: request.period },
    signal,
  });
}

export function getRecentActivitiesQueryOptions(request: RecentActivitiesRequest = {}) {
  const { limit = RECENT_ACTIVITIES_LIMIT, period } = request;
  return queryOptions({
    queryKey: ['scoreboard', 'recent-activities', { limit, period: period ?? 'all' }],
    queryFn: ({ signal }) => getRecentActivities({ limit, period }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRecentActivities(request: RecentActivitiesRequest = {}) {
  return useQuery(getRecentActivitiesQueryOptions(request));
}
