import type { InvitationList } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { invitationsQueryKey } from './get-invitations';

/** Admin: deletes an invitation whatever its status; its link stops working. */
export function deleteInvitation(id: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>(`/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitation,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<InvitationList>(invitationsQueryKey, (current) =>
        current ? { invitations: current.invitations.filter((i) => i.id !== id) } : current,
      );
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
  });
}
