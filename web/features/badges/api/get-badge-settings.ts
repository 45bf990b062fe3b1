import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Which badges the company awards. */
export function getBadgeSettings(signal?: AbortSignal) {
  return api.GET('/api/v1/badges/settings', { signal });
}

export function getBadgeSettingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.badgeSettings, queryFn: ({ signal }) => getBadgeSettings(signal) });
}

export function useBadgeSettings() {
  return useQuery(getBadgeSettingsQueryOptions());
}
