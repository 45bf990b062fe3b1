import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Today's company KPIs (calls, meetings booked, sales, points, revenue) with yesterday's and the change. */
export function getKpis(signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/kpis', { signal });
}

export function getKpisQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.scoreboard.kpis,
    queryFn: ({ signal }) => getKpis(signal),
    placeholderData: keepPreviousData,
  });
}

export function useKpis() {
  return useQuery(getKpisQueryOptions());
}
