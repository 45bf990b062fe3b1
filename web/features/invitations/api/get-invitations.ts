import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: the company's invitations, newest first, each Active, Used or Expired. */
export function getInvitations() {
  return api.GET('/api/v1/invitations');
}

export function getInvitationsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.invitations, queryFn: getInvitations });
}

export function useInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInvitationsQueryOptions(), enabled });
}
