import type { BadgeSummary } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The badges the company's members earned lately (decision 050), for the boards' rows. */
export function getRecentBadges(signal?: AbortSignal) {
  return api.GET('/api/v1/badges/recent', { signal });
}

export function getRecentBadgesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.badges.recent, queryFn: ({ signal }) => getRecentBadges(signal), staleTime: 60_000 });
}

/** Each member's recent badges by user id; empty while loading or when the read fails (the board shows without them). */
export function useRecentBadgesByUser(): ReadonlyMap<string, BadgeSummary['badges']> {
  const { data } = useQuery(getRecentBadgesQueryOptions());
  return useMemo(() => new Map((data?.members ?? []).map((member) => [member.userId, member.badges])), [data]);
}
