import type { ProfileSettings, UpdateProfile } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { meQueryKey } from '@web/lib/auth/get-me';
import { profileSettingsQueryKey } from './get-profile-settings';

export function updateProfileSettings(input: UpdateProfile): Promise<ProfileSettings> {
  return apiFetch<ProfileSettings>('/me/profile', { method: 'PATCH', json: input });
}

export function useUpdateProfileSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileSettings,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileSettingsQueryKey, profile);
      // The shell shows the name and avatar from /me; member lists show them too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['company', 'members'] }),
      ]);
    },
  });
}
