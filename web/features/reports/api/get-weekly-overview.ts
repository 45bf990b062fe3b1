import type { RankBy } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** This week from Monday: team totals and member cards ranked by points (or `rankBy`, decision 053). */
export function getWeeklyOverview(teamId: string | undefined, rankBy: RankBy, signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/weekly', { params: { query: { teamId, rankBy: rankBy === 'points' ? undefined : rankBy } }, signal });
}

/** `teamId`: only that team (decision 040). */
export function getWeeklyOverviewQueryOptions(teamId?: string, rankBy: RankBy = 'points') {
  return queryOptions({
    queryKey: queryKeys.scoreboard.weeklyOf(teamId, rankBy),
    queryFn: ({ signal }) => getWeeklyOverview(teamId, rankBy, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWeeklyOverview(teamId?: string, rankBy: RankBy = 'points') {
  return useQuery(getWeeklyOverviewQueryOptions(teamId, rankBy));
}
