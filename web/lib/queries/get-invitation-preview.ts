import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Public (the invitation page and the join form): the company and role an invitation code offers, or why it is not valid. */
export function getInvitationPreview(code: string) {
  return api.GET('/api/v1/invitations/preview/{code}', { params: { path: { code } } });
}

export function getInvitationPreviewQueryOptions(code: string) {
  return queryOptions({
    queryKey: queryKeys.invitationPreview.byCode(code),
    queryFn: () => getInvitationPreview(code),
    // An invitation can be used or deleted at any moment: always ask again when the page opens.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** `enabled: false` when there is no code (the join form without an invitation). */
export function useInvitationPreview(code: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getInvitationPreviewQueryOptions(code), ...options });
}
