import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: erases a member's personal data in your company and removes them; their numbers stay. */
export function eraseMemberData(userId: string) {
  return api.DELETE('/api/v1/team/members/{userId}/data', { params: { path: { userId } } });
}

export function useEraseMemberData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseMemberData,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.company.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.all }),
      ]);
    },
  });
}
