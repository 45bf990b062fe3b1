import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Your display name, avatar URL, e-mail (read-only) and language. */
export function getProfileSettings() {
  return api.GET('/api/v1/me/profile');
}

export function getProfileSettingsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.settings.profile, queryFn: getProfileSettings });
}

export function useProfileSettings() {
  return useQuery(getProfileSettingsQueryOptions());
}
