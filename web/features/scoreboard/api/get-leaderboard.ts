import type { Leaderboard } from '@core/contracts';
import type { LeaderboardSortKey } from '@core/stats';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

export type LeaderboardQuery = {
  period: 'today' | 'yesterday' | 'week' | 'month';
  sort: LeaderboardSortKey;
  /** At most this many rows; every member when absent. */
  limit?: number;
  /** Only members with at least one activity in the period. */
  activeOnly?: boolean;
};

/** The leaderboard for a local period; ties are broken by calls, then meetings, on the server. */
export function getLeaderboard(query: LeaderboardQuery, signal?: AbortSignal): Promise<Leaderboard> {
  return apiFetch<Leaderboard>('/scoreboard/leaderboard', {
    query: { period: query.period, sort: query.sort, limit: query.limit, activeOnly: query.activeOnly ? 'true' : undefined },
    signal,
  });
}

export function getLeaderboardQueryOptions(query: LeaderboardQuery) {
  return queryOptions({
    queryKey: ['scoreboard', 'leaderboard', query],
    queryFn: ({ signal }) => getLeaderboard(query, signal),
    // Changing the sort keeps the current rows on screen until the new order arrives.
    placeholderData: keepPreviousData,
  });
}

export function useLeaderboard(query: LeaderboardQuery, options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({ ...getLeaderboardQueryOptions(query), ...options });
}
