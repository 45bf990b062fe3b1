import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * The company's active members with role, team and join date (any member may read it): the
 * members settings, a team's members and leads to pick from, names in the audit log, and whom a
 * manager may give an activity to.
 */
export function getMembers() {
  return api.GET('/api/v1/team/members');
}

export function getMembersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.members, queryFn: getMembers });
}

export function useMembers() {
  return useQuery(getMembersQueryOptions());
}
