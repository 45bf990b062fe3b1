import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** A month's individual and company numbers, the leaderboard by points and the daily trend. */
export function getMonthlyOverview(month: string | undefined, teamId: string | undefined, signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/monthly', { params: { query: { month, teamId } }, signal });
}

/** `month` as YYYY-MM; the company's current month when absent. */
export function getMonthlyOverviewQueryOptions(month?: string, teamId?: string) {
  return queryOptions({
    queryKey: queryKeys.scoreboard.monthly(month, teamId),
    queryFn: ({ signal }) => getMonthlyOverview(month, teamId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMonthlyOverview(month?: string, teamId?: string) {
  return useQuery(getMonthlyOverviewQueryOptions(month, teamId));
}
