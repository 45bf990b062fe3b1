import type { ScoreboardPeriodKind, TeamStats } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

export type TeamStatsQuery = { period: Exclude<ScoreboardPeriodKind, 'custom'> } | { period: 'custom'; from: string; to: string };

/** Every active member's numbers and the team totals for a local period. */
export function getTeamStats(query: TeamStatsQuery, signal?: AbortSignal): Promise<TeamStats> {
  return apiFetch<TeamStats>('/scoreboard/team-stats', { query, signal });
}

export function getTeamStatsQueryOptions(query: TeamStatsQuery) {
  return queryOptions({
    queryKey: ['scoreboard', 'team-stats', query],
    queryFn: ({ signal }) => getTeamStats(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeamStats(query: TeamStatsQuery) {
  return useQuery(getTeamStatsQueryOptions(query));
}
