import type { CreateInvitation, Invitation, InvitationList } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { invitationsQueryKey } from './get-invitations';

/** Admin: role user (default) or admin, expiring in 1 to 30 days (default 7). */
export function createInvitation(input: CreateInvitation): Promise<Invitation> {
  return apiFetch<Invitation>('/invitations', { method: 'POST', json: input });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: async (invitation) => {
      queryClient.setQueryData<InvitationList>(invitationsQueryKey, (current) =>
        current ? { invitations: [invitation, ...current.invitations.filter((i) => i.id !== invitation.id)] } : current,
      );
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
    },
  });
}
