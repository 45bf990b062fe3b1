import type { BadgeSettings } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Switches one badge on or off (admins; audited on the server). */
export function updateBadgeSetting(input: { kind: BadgeSettings['badges'][number]['kind']; enabled: boolean }) {
  return api.PUT('/api/v1/badges/settings/{kind}', { params: { path: { kind: input.kind } }, body: { enabled: input.enabled } });
}

export function useUpdateBadgeSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBadgeSetting,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.badgeSettings, settings),
  });
}
