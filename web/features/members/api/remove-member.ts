import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: removes a member from the company; their activities and wrap-ups stay in the history. */
export function removeMember(userId: string) {
  return api.DELETE('/api/v1/team/members/{userId}', { params: { path: { userId } } });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.company.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.all }),
      ]);
    },
  });
}
