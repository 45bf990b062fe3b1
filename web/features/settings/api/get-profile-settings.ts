import type { ProfileSettings } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Your display name, avatar URL, e-mail (read-only) and language. */
export function getProfileSettings(): Promise<ProfileSettings> {
  return apiFetch<ProfileSettings>('/me/profile');
}

export const profileSettingsQueryKey = ['settings', 'profile'] as const;

export function getProfileSettingsQueryOptions() {
  return queryOptions({ queryKey: profileSettingsQueryKey, queryFn: getProfileSettings });
}

export function useProfileSettings() {
  return useQuery(getProfileSettingsQueryOptions());
}
