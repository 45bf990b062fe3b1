import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** This week from Monday: team totals and member cards ranked by points. */
export function getWeeklyOverview(signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/weekly', { signal });
}

export function getWeeklyOverviewQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.scoreboard.weekly,
    queryFn: ({ signal }) => getWeeklyOverview(signal),
    placeholderData: keepPreviousData,
  });
}

export function useWeeklyOverview() {
  return useQuery(getWeeklyOverviewQueryOptions());
}
