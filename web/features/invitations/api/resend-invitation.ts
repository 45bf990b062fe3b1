import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: mail an e-mailed invitation again (same link); a few times a day at most. */
export function resendInvitation(id: string) {
  return api.POST('/api/v1/invitations/{id}/resend', { params: { path: { id } } });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.company.invitations }),
  });
}
