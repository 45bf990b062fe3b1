import type { TeamMemberList } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Active members with role and join date (any member may read it). */
export function getTeamMembers(): Promise<TeamMemberList> {
  return apiFetch<TeamMemberList>('/team/members');
}

export const teamMembersQueryKey = ['company', 'members'] as const;

export function getTeamMembersQueryOptions() {
  return queryOptions({ queryKey: teamMembersQueryKey, queryFn: getTeamMembers });
}

export function useTeamMembers() {
  return useQuery(getTeamMembersQueryOptions());
}
