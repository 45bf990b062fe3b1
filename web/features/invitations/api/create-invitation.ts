import type { CreateInvitation, InvitationList } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: role user (default) or admin, expiring in 1 to 30 days (default 7). */
export function createInvitation(input: CreateInvitation) {
  return api.POST('/api/v1/invitations', { body: input });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: async (invitation) => {
      queryClient.setQueryData<InvitationList>(queryKeys.company.invitations, (current) =>
        current ? { invitations: [invitation, ...current.invitations.filter((i) => i.id !== invitation.id)] } : current,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.company.invitations });
    },
  });
}
