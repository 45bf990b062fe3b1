import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** One wrap-up with the log beside it and its conversation (its author, or a coach of theirs). */
export function getCoachingWrapup(id: string, signal?: AbortSignal) {
  return api.GET('/api/v1/coaching/wrapups/{id}', { params: { path: { id } }, signal });
}

export function getCoachingWrapupQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.coaching.wrapup(id), queryFn: ({ signal }) => getCoachingWrapup(id, signal) });
}

export function useCoachingWrapup(id: string) {
  return useQuery(getCoachingWrapupQueryOptions(id));
}
