import type { InvitationPreview } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Public: the company and role an invitation code offers, or why it is not valid. */
export function getInvitationPreview(code: string): Promise<InvitationPreview> {
  return apiFetch<InvitationPreview>(`/invitations/preview/${encodeURIComponent(code)}`);
}

export function getInvitationPreviewQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['invitation-preview', code],
    queryFn: () => getInvitationPreview(code),
    // An invitation can be used or deleted at any moment: always ask again when the page opens.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useInvitationPreview(code: string) {
  return useQuery(getInvitationPreviewQueryOptions(code));
}
