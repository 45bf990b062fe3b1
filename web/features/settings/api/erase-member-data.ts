import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { teamMembersQueryKey } from './get-team-members';

/** Admin: erases a member's personal data in your company and removes them; their numbers stay. */
export function eraseMemberData(userId: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>(`/team/members/${encodeURIComponent(userId)}/data`, { method: 'DELETE' });
}

export function useEraseMemberData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseMemberData,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamMembersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['company'] }),
      ]);
    },
  });
}
