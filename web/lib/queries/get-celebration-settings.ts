import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** What the company celebrates, its sound and its look (decision 051). */
export function getCelebrationSettings(signal?: AbortSignal) {
  return api.GET('/api/v1/celebrations/settings', { signal });
}

export function getCelebrationSettingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.celebrationSettings, queryFn: ({ signal }) => getCelebrationSettings(signal) });
}

export function useCelebrationSettings(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCelebrationSettingsQueryOptions(), enabled: options.enabled ?? true });
}
