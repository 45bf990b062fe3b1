import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The company's active members, to choose whom a target is for (the same list and key as Users). */
export function getMembers() {
  return api.GET('/api/v1/team/members');
}

export function getMembersQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.members, queryFn: getMembers });
}

export function useMembers() {
  return useQuery(getMembersQueryOptions());
}
