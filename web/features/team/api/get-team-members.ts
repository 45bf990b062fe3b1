import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Active members with role and join date (any member may read it). */
export function getTeamMembers() {
  return api.GET('/api/v1/team/members');
}

export function getTeamMembersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.members, queryFn: getTeamMembers });
}

export function useTeamMembers() {
  return useQuery(getTeamMembersQueryOptions());
}
