import type { Role } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: Make Admin / Remove Admin. The server refuses to demote the last admin (409 last_admin). */
export function updateMemberRole({ userId, role }: { userId: string; role: Role }) {
  return api.PATCH('/api/v1/team/members/{userId}/role', { params: { path: { userId } }, body: { role } });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemberRole,
    onSuccess: async () => {
      // Your own role may be the one that changed: /me decides what the app offers you.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.company.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]);
    },
  });
}
