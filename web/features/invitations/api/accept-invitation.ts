import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

const KEPT = new Set<string>([queryKeys.me[0], queryKeys.invitationPreview.all[0]]);

/** Signed in: join the invitation's company with its role. The server uses a code once, atomically. */
export function acceptInvitation(code: string) {
  return api.POST('/api/v1/invitations/accept', { body: { code } });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async () => {
      // Anything cached belongs to the person's previous state (no company, or a removed membership).
      // The preview is left alone: asked again now it would say "used" while the page moves on.
      await queryClient.invalidateQueries({ predicate: (query) => !KEPT.has(String(query.queryKey[0])) });
    },
  });
}
