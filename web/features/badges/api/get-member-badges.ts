import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** A member's badges, newest first (decision 050). */
export function getMemberBadges(userId: string, signal?: AbortSignal) {
  return api.GET('/api/v1/badges/members/{userId}', { params: { path: { userId } }, signal });
}

export function getMemberBadgesQueryOptions(userId: string) {
  return queryOptions({ queryKey: queryKeys.badges.member(userId), queryFn: ({ signal }) => getMemberBadges(userId, signal) });
}

export function useMemberBadges(userId: string) {
  return useQuery(getMemberBadgesQueryOptions(userId));
}
