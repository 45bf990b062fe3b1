import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The caller's activities of the company-local today, newest first. */
export function getMyActivities() {
  return api.GET('/api/v1/activities/mine', { params: { query: { period: 'today' } } });
}

/** Under 'activities', so a live change (LIVE_REFRESHES) refetches it. */
export function getMyActivitiesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.activities.mineToday, queryFn: getMyActivities });
}

export function useMyActivities() {
  return useQuery(getMyActivitiesQueryOptions());
}
