import type { SaveWrapup, SaveWrapupResult, WrapupToday } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { todayWrapupQueryKey } from './get-today-wrapup';

/** Saves today's wrap-up: created the first time, updated after (`created` tells which). */
export function saveWrapup(input: SaveWrapup): Promise<SaveWrapupResult> {
  return apiFetch<SaveWrapupResult>('/wrapups/today', { method: 'PUT', json: input });
}

export function useSaveWrapup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWrapup,
    onSuccess: async ({ wrapup }) => {
      queryClient.setQueryData<WrapupToday>(todayWrapupQueryKey, (current) => current && { ...current, saved: wrapup });
      // Today counts in the last-7-days stats, so the history query changes too.
      await queryClient.invalidateQueries({ queryKey: ['wrapups'] });
    },
  });
}
