import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** A display link's wall: what it celebrates and its newest feed items with reaction counts (decision 051). */
export function getDisplayCelebrations(token: string, signal?: AbortSignal) {
  return api.GET('/api/v1/display/{token}/feed', { params: { path: { token } }, signal, credentials: 'omit' });
}

export function getDisplayCelebrationsQueryOptions(token: string) {
  return queryOptions({
    queryKey: queryKeys.feed.display(token),
    queryFn: ({ signal }) => getDisplayCelebrations(token, signal),
    placeholderData: keepPreviousData,
  });
}

/** Off (`enabled: false`) on a signed-in wall, which reads the members' feed instead. */
export function useDisplayCelebrations(token: string | undefined) {
  return useQuery({ ...getDisplayCelebrationsQueryOptions(token ?? ''), enabled: token !== undefined });
}
