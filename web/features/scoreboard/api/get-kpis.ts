import type { CompanyKpis } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Today's company KPIs (calls, meetings booked, sales, points, revenue) with yesterday's and the change. */
export function getKpis(signal?: AbortSignal): Promise<CompanyKpis> {
  return apiFetch<CompanyKpis>('/scoreboard/kpis', { signal });
}

export function getKpisQueryOptions() {
  return queryOptions({
    queryKey: ['scoreboard', 'kpis'],
    queryFn: ({ signal }) => getKpis(signal),
    placeholderData: keepPreviousData,
  });
}

export function useKpis() {
  return useQuery(getKpisQueryOptions());
}
