import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** This week from Monday: team totals and member cards ranked by points. */
export function getWeeklyOverview(teamId: string | undefined, signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/weekly', { params: { query: { teamId } }, signal });
}

/** `teamId`: only that team (decision 040). */
export function getWeeklyOverviewQueryOptions(teamId?: string) {
  return queryOptions({
    queryKey: queryKeys.scoreboard.weeklyOf(teamId),
    queryFn: ({ signal }) => getWeeklyOverview(teamId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useWeeklyOverview(teamId?: string) {
  return useQuery(getWeeklyOverviewQueryOptions(teamId));
}
