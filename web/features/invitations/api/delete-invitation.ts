import type { InvitationList } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: deletes an invitation whatever its status; its link stops working. */
export function deleteInvitation(id: string) {
  return api.DELETE('/api/v1/invitations/{id}', { params: { path: { id } } });
}

export function useDeleteInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvitation,
    onSuccess: async (_result, id) => {
      queryClient.setQueryData<InvitationList>(queryKeys.company.invitations, (current) =>
        current ? { invitations: current.invitations.filter((i) => i.id !== id) } : current,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.company.invitations });
    },
  });
}
