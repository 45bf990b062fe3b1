import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: deletes a team; its members are left without one, everyone's numbers stay theirs. */
export function deleteTeam(id: string) {
  return api.DELETE('/api/v1/teams/{id}', { params: { path: { id } } });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.scoreboard.all }),
      ]),
  });
}
