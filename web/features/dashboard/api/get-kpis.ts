import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Today's company KPIs (calls, meetings booked, sales, points, revenue) with yesterday's and the change. */
export function getKpis(teamId: string | undefined, signal?: AbortSignal) {
  return api.GET('/api/v1/scoreboard/kpis', { params: { query: { teamId } }, signal });
}

/** `teamId`: only that team's numbers (decision 040). */
export function getKpisQueryOptions(teamId?: string) {
  return queryOptions({
    queryKey: queryKeys.scoreboard.kpisOf(teamId),
    queryFn: ({ signal }) => getKpis(teamId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useKpis(teamId?: string) {
  return useQuery(getKpisQueryOptions(teamId));
}
