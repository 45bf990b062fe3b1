import type { SaveWrapup, WrapupToday } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Saves today's wrap-up: created the first time, updated after (`created` tells which). */
export function saveWrapup(input: SaveWrapup) {
  return api.PUT('/api/v1/wrapups/today', { body: input });
}

export function useSaveWrapup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWrapup,
    onSuccess: async ({ wrapup }) => {
      queryClient.setQueryData<WrapupToday>(queryKeys.wrapups.today, (current) => current && { ...current, saved: wrapup });
      // Today counts in the last-7-days stats, so the history query changes too.
      await queryClient.invalidateQueries({ queryKey: queryKeys.wrapups.all });
    },
  });
}
