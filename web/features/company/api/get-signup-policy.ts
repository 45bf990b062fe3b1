import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: who may create an account (open, access code, invitation only) and the access code. */
export function getSignupPolicy() {
  return api.GET('/api/v1/admin/signup-policy');
}

export function getSignupPolicyQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.signupPolicy, queryFn: getSignupPolicy });
}

export function useSignupPolicy({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSignupPolicyQueryOptions(), enabled });
}
