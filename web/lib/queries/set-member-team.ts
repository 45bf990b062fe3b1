import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: puts a member in a team, or in none (a member is in at most one): from the members card and from a team's settings. */
export function setMemberTeam({ userId, teamId }: { userId: string; teamId: string | null }) {
  return api.PUT('/api/v1/team/members/{userId}/team', { params: { path: { userId } }, body: { teamId } });
}

export function useSetMemberTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberTeam,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.scoreboard.all }),
      ]),
  });
}
