import type { CelebrationSettings } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Saves what the company celebrates (admins; audited). */
export function updateCelebrationSettings(settings: CelebrationSettings) {
  return api.PUT('/api/v1/celebrations/settings', { body: settings });
}

export function useUpdateCelebrationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCelebrationSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.celebrationSettings, saved),
  });
}
