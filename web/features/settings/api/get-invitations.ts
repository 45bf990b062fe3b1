import type { InvitationList } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Admin: the company's invitations, newest first, each Active, Used or Expired. */
export function getInvitations(): Promise<InvitationList> {
  return apiFetch<InvitationList>('/invitations');
}

export const invitationsQueryKey = ['company', 'invitations'] as const;

export function getInvitationsQueryOptions() {
  return queryOptions({ queryKey: invitationsQueryKey, queryFn: getInvitations });
}

export function useInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInvitationsQueryOptions(), enabled });
}
