import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Marks a wrap-up read by the caller: it leaves the top of the unread list. */
export function markWrapupRead(id: string) {
  return api.POST('/api/v1/coaching/wrapups/{id}/read', { params: { path: { id } } });
}

export function useMarkWrapupRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWrapupRead,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.coaching.all });
    },
  });
}
