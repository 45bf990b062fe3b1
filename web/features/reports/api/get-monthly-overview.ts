import type { RankBy } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** A month's individual and company numbers, the leaderboard by points (or `rankBy`, decision 053) and the daily trend. */
export function getMonthlyOverview(month: string | undefined, teamId: string | undefined, rankBy: RankBy, signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/monthly', {
    params: { query: { month, teamId, rankBy: rankBy === 'points' ? undefined : rankBy } },
    signal,
  });
}

/** `month` as YYYY-MM; the company's current month when absent. */
export function getMonthlyOverviewQueryOptions(month?: string, teamId?: string, rankBy: RankBy = 'points') {
  return queryOptions({
    queryKey: queryKeys.scoreboard.monthly(month, teamId, rankBy),
    queryFn: ({ signal }) => getMonthlyOverview(month, teamId, rankBy, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMonthlyOverview(month?: string, teamId?: string, rankBy: RankBy = 'points') {
  return useQuery(getMonthlyOverviewQueryOptions(month, teamId, rankBy));
}
