import type { Role, TeamMember } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { meQueryKey } from '@web/lib/auth/get-me';
import { teamMembersQueryKey } from './get-team-members';

/** Admin: Make Admin / Remove Admin. The server refuses to demote the last admin (409 last_admin). */
export function updateMemberRole({ userId, role }: { userId: string; role: Role }): Promise<TeamMember> {
  return apiFetch<TeamMember>(`/team/members/${encodeURIComponent(userId)}/role`, { method: 'PATCH', json: { role } });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSuccess: async () => {
      // Your own role may be the one that changed: /me decides what the app offers you.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamMembersQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
