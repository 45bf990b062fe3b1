import type { WeeklyOverview } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** This week from Monday: team totals and member cards ranked by points. */
export function getWeeklyOverview(signal?: AbortSignal): Promise<WeeklyOverview> {
  return apiFetch<WeeklyOverview>('/scoreboard/weekly', { signal });
}

export function getWeeklyOverviewQueryOptions() {
  return queryOptions({
    queryKey: ['scoreboard', 'weekly'],
    queryFn: ({ signal }) => getWeeklyOverview(signal),
    placeholderData: keepPreviousData,
  });
}

export function useWeeklyOverview() {
  return useQuery(getWeeklyOverviewQueryOptions());
}
