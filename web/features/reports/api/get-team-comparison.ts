import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export type TeamComparisonPeriod = 'today' | 'week' | 'month';

/** The company's teams side by side for a period: totals and per-head averages (decision 040). */
export function getTeamComparison(period: TeamComparisonPeriod, signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/teams', { params: { query: { period } }, signal });
}

export function getTeamComparisonQueryOptions(period: TeamComparisonPeriod) {
  return queryOptions({
    queryKey: queryKeys.scoreboard.teamComparison(period),
    queryFn: ({ signal }) => getTeamComparison(period, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeamComparison(period: TeamComparisonPeriod) {
  return useQuery(getTeamComparisonQueryOptions(period));
}
