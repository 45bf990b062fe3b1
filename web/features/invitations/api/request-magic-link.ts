import type { RequestMagicLink } from '@core/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Public: e-mails a link that signs the person in (creating the account) and returns to the invitation. */
export function requestMagicLink(input: RequestMagicLink) {
  return api.POST('/api/v1/invitations/magic-link', { body: input });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
