import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Your notification choices and the devices push is on for (decision 055). */
export function getPushSettings() {
  return api.GET('/api/v1/me/push');
}

export function getPushSettingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.settings.push, queryFn: getPushSettings });
}

export function usePushSettings() {
  return useQuery(getPushSettingsQueryOptions());
}
