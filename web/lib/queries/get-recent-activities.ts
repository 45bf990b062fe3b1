import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys, type RecentActivitiesRequest } from '@web/lib/query-keys';

/** The dashboard feed and Team Overview show the latest 10. */
export const RECENT_ACTIVITIES_LIMIT = 10;

/** The company's latest activities, newest first. */
export function getRecentActivities(request: RecentActivitiesRequest, signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/recent-activities', {
    params: { query: { limit: request.limit, period: request.period, teamId: request.teamId } },
    signal,
  });
}

export function getRecentActivitiesQueryOptions(request: Partial<RecentActivitiesRequest> = {}) {
  const { limit = RECENT_ACTIVITIES_LIMIT, period, teamId } = request;
  return queryOptions({
    queryKey: queryKeys.scoreboard.recentActivities({ limit, period, teamId }),
    queryFn: ({ signal }) => getRecentActivities({ limit, period, teamId }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useRecentActivities(request: Partial<RecentActivitiesRequest> = {}) {
  return useQuery(getRecentActivitiesQueryOptions(request));
}
