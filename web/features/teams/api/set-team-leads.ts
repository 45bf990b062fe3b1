import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: exactly these members lead the team (they need not be in it). */
export function setTeamLeads({ id, userIds }: { id: string; userIds: string[] }) {
  return api.PUT('/api/v1/teams/{id}/leads', { params: { path: { id } }, body: { userIds } });
}

export function useSetTeamLeads() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTeamLeads,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
  });
}
