import type { UpdateProfile } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export function updateProfileSettings(input: UpdateProfile) {
  return api.PATCH('/api/v1/me/profile', { body: input });
}

export function useUpdateProfileSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfileSettings,
    onSuccess: async (profile) => {
      queryClient.setQueryData(queryKeys.settings.profile, profile);
      // The shell shows the name and avatar from /me; member lists show them too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.members }),
      ]);
    },
  });
}
