import type { SignupPolicySettings } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Admin: who may create an account (open, access code, invitation only) and the access code. */
export function getSignupPolicy(): Promise<SignupPolicySettings> {
  return apiFetch<SignupPolicySettings>('/admin/signup-policy');
}

export const signupPolicyQueryKey = ['company', 'signup-policy'] as const;

export function getSignupPolicyQueryOptions() {
  return queryOptions({ queryKey: signupPolicyQueryKey, queryFn: getSignupPolicy });
}

export function useSignupPolicy({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSignupPolicyQueryOptions(), enabled });
}
