import type { PushPreferences } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export function updatePushPreferences(input: PushPreferences) {
  return api.PUT('/api/v1/me/push/preferences', { body: input });
}

export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePushPreferences,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings.push, settings),
  });
}
