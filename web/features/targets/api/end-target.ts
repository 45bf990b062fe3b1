import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Ends a target from today (one that has not started is removed). */
export function endTarget(id: string) {
  return api.POST('/api/v1/targets/{id}/end', { params: { path: { id } } });
}

export function useEndTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endTarget,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.targets.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.myTargets.all }),
      ]);
    },
  });
}
