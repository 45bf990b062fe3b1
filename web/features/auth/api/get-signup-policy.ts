import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Who may create an account here (open, access code, invitation only), as the join form may know it. */
export function getPublicSignupPolicy() {
  return api.GET('/api/v1/signup-policy');
}

export function getPublicSignupPolicyQueryOptions() {
  return queryOptions({ queryKey: queryKeys.publicSignupPolicy, queryFn: getPublicSignupPolicy, staleTime: 60_000 });
}

export function usePublicSignupPolicy() {
  return useQuery(getPublicSignupPolicyQueryOptions());
}
