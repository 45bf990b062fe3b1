import type { RequestMagicLink } from '@core/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Public: e-mails a link that signs the person in (creating the account) and returns to the invitation. */
export function requestMagicLink(input: RequestMagicLink): Promise<{ sent: true }> {
  return apiFetch<{ sent: true }>('/invitations/magic-link', { method: 'POST', json: input });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
