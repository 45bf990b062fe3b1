import type { WrapupHistory } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** The last 10 wrap-ups before today, and the last 7 days summed and averaged. */
export function getWrapupHistory(): Promise<WrapupHistory> {
  return apiFetch<WrapupHistory>('/wrapups/history');
}

export const wrapupHistoryQueryKey = ['wrapups', 'history'] as const;

export function getWrapupHistoryQueryOptions() {
  return queryOptions({ queryKey: wrapupHistoryQueryKey, queryFn: getWrapupHistory });
}

export function useWrapupHistory() {
  return useQuery(getWrapupHistoryQueryOptions());
}
