import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { type LeaderboardQuery, queryKeys } from '@web/lib/query-keys';

export type { LeaderboardQuery };

/** The leaderboard for a local period; ties are broken by calls, then meetings, on the server. */
export function getLeaderboard(query: LeaderboardQuery, signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/leaderboard', {
    params: {
      query: {
        period: query.period,
        sort: query.sort,
        limit: query.limit,
        activeOnly: query.activeOnly ? 'true' : undefined,
        teamId: query.teamId,
        // Points is the server's default: the request stays the one it always was.
        rankBy: query.rankBy === 'points' ? undefined : query.rankBy,
      },
    },
    signal,
  });
}

export function getLeaderboardQueryOptions(query: LeaderboardQuery) {
  return queryOptions({
    queryKey: queryKeys.scoreboard.leaderboard(query),
    queryFn: ({ signal }) => getLeaderboard(query, signal),
    // Changing the sort keeps the current rows on screen until the new order arrives.
    placeholderData: keepPreviousData,
  });
}

export function useLeaderboard(query: LeaderboardQuery, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({ ...getLeaderboardQueryOptions(query), ...options });
}
