import type { MyActivities } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** The caller's activities of the company-local today, newest first. */
export function getMyActivities(): Promise<MyActivities> {
  return apiFetch<MyActivities>('/activities/mine', { query: { period: 'today' } });
}

/** Starts with 'activities' so a live change (REALTIME_INVALIDATIONS) refetches it. */
export const myActivitiesQueryKey = ['activities', 'mine', 'today'] as const;

export function getMyActivitiesQueryOptions() {
  return queryOptions({ queryKey: myActivitiesQueryKey, queryFn: getMyActivities });
}

export function useMyActivities() {
  return useQuery(getMyActivitiesQueryOptions());
}
