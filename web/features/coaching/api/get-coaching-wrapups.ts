import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export type CoachingWrapupFilter = { date?: string; memberId?: string };

/** The wrap-ups of the caller's people, of a day or of one person; unread first. */
export function getCoachingWrapups(filter: CoachingWrapupFilter, signal?: AbortSignal) {
  return api.GET('/api/v1/coaching/wrapups', { params: { query: filter }, signal });
}

export function getCoachingWrapupsQueryOptions(filter: CoachingWrapupFilter) {
  return queryOptions({
    queryKey: queryKeys.coaching.wrapups(filter),
    queryFn: ({ signal }) => getCoachingWrapups(filter, signal),
    // Switching day or person keeps the previous list on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

export function useCoachingWrapups(filter: CoachingWrapupFilter) {
  return useQuery(getCoachingWrapupsQueryOptions(filter));
}
