import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys, type TeamStatsQuery } from '@web/lib/query-keys';

export type { TeamStatsQuery };

/** Every active member's numbers and the team totals for a local period. */
export function getTeamStats(query: TeamStatsQuery, signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/team-stats', { params: { query }, signal });
}

export function getTeamStatsQueryOptions(query: TeamStatsQuery) {
  return queryOptions({
    queryKey: queryKeys.scoreboard.teamStats(query),
    queryFn: ({ signal }) => getTeamStats(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeamStats(query: TeamStatsQuery) {
  return useQuery(getTeamStatsQueryOptions(query));
}
