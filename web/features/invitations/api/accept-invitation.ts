import type { AcceptInvitationResult } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

const KEPT = new Set(['me', 'invitation-preview']);

/** Signed in: join the invitation's company with its role. The server uses a code once, atomically. */
export function acceptInvitation(code: string): Promise<AcceptInvitationResult> {
  return apiFetch<AcceptInvitationResult>('/invitations/accept', { method: 'POST', json: { code } });
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
