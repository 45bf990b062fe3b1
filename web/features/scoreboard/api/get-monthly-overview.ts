import type { MonthlyOverview } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** A month's individual and company numbers, the leaderboard by points and the daily trend. */
export function getMonthlyOverview(month: string | undefined, signal?: AbortSignal): Promise<MonthlyOverview> {
  return apiFetch<MonthlyOverview>('/scoreboard/monthly', { query: { month }, signal });
}

/** `month` as YYYY-MM; the company's current month when absent. */
export function getMonthlyOverviewQueryOptions(month?: string) {
  return queryOptions({
    queryKey: ['scoreboard', 'monthly', month ?? 'current'],
    queryFn: ({ signal }) => getMonthlyOverview(month, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMonthlyOverview(month?: string) {
  return useQuery(getMonthlyOverviewQueryOptions(month));
}
