import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: put a member on the leaderboards or leave them off (decision 081); their history stays. */
export function setMemberBoards({ userId, onBoards }: { userId: string; onBoards: boolean }) {
  return api.PATCH('/api/v1/team/members/{userId}/boards', { params: { path: { userId } }, body: { onBoards } });
}

export function useSetMemberBoards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberBoards,
    onSuccess: async () => {
      // Every board ranks by who plays: the member lists and the boards are read again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.company.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.scoreboard.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.contests.all }),
      ]);
    },
  });
}
