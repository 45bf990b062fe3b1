import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The caller's own wrap-ups that have comments, latest conversation first. */
export function getMyWrapupThreads(signal?: AbortSignal) {
  return api.GET('/api/v1/coaching/my-threads', { signal });
}

export function getMyWrapupThreadsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.coaching.myThreads, queryFn: ({ signal }) => getMyWrapupThreads(signal) });
}

export function useMyWrapupThreads() {
  return useQuery(getMyWrapupThreadsQueryOptions());
}
