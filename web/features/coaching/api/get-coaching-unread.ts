import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** How many of the caller's people's wrap-ups they have not read (team leads and admins). */
export function getCoachingUnread(signal?: AbortSignal) {
  return api.GET('/api/v1/coaching/unread', { signal });
}

export function getCoachingUnreadQueryOptions() {
  return queryOptions({ queryKey: queryKeys.coaching.unread, queryFn: ({ signal }) => getCoachingUnread(signal) });
}

/** The navigation's count beside Coaching; only asked for those who coach (a rep would get a 403). */
export function useCoachingUnread(enabled: boolean) {
  return useQuery({ ...getCoachingUnreadQueryOptions(), enabled });
}
