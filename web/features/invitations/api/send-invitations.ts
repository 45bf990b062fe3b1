import type { SendInvitations } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: one invitation mail per address (at most 50 at a time), with the role chosen. */
export function sendInvitations(input: SendInvitations) {
  return api.POST('/api/v1/invitations/send', { body: input });
}

export function useSendInvitations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvitations,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.company.invitations }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.setup }),
      ]);
    },
  });
}
