import type { CreateTarget } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Sets a person's target from a date; one set for the same date replaces it. */
export function createTarget(input: CreateTarget) {
  return api.POST('/api/v1/targets', { body: input });
}

export function useCreateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTarget,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.targets.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myTargets.all }),
      ]);
    },
  });
}
