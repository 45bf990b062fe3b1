import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: a team's new name (409 team_exists when another team has it). */
export function renameTeam({ id, name }: { id: string; name: string }) {
  return api.PATCH('/api/v1/teams/{id}', { params: { path: { id } }, body: { name } });
}

export function useRenameTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameTeam,
    // The boards' comparison names the teams too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
        queryClient.invalidateQueries({ queryKey: queryKeys.scoreboard.all }),
      ]),
  });
}
