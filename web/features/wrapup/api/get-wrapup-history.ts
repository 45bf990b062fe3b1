import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The last 10 wrap-ups before today, and the last 7 days summed and averaged. */
export function getWrapupHistory() {
  return api.GET('/api/v1/wrapups/history');
}

export function getWrapupHistoryQueryOptions() {
  return queryOptions({ queryKey: queryKeys.wrapups.history, queryFn: getWrapupHistory });
}

export function useWrapupHistory() {
  return useQuery(getWrapupHistoryQueryOptions());
}
