import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { teamMembersQueryKey } from './get-team-members';

/** Admin: removes a member from the company; their activities and wrap-ups stay in the history. */
export function removeMember(userId: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>(`/team/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamMembersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['company'] }),
      ]);
    },
  });
}
