import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The caller's activities of the company-local today (or an earlier day of the late-logging window), newest first. */
export function getMyActivities(date?: string) {
  return api.GET('/api/v1/activities/mine', { params: { query: date ? { period: 'today', date } : { period: 'today' } } });
}

/** Under 'activities', so a live change (LIVE_REFRESHES) refetches it. '' or none: today. */
export function getMyActivitiesQueryOptions(date = '') {
  return queryOptions({
    queryKey: date === '' ? queryKeys.activities.mineToday : queryKeys.activities.mineOfDay(date),
    queryFn: () => getMyActivities(date || undefined),
  });
}

export function useMyActivities(date = '') {
  return useQuery(getMyActivitiesQueryOptions(date));
}
