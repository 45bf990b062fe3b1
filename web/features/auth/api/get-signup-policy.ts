import type { PublicSignupPolicy } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Who may create an account here (open, access code, invitation only), as the join form may know it. */
export function getPublicSignupPolicy(): Promise<PublicSignupPolicy> {
  return apiFetch<PublicSignupPolicy>('/signup-policy');
}

export const publicSignupPolicyQueryKey = ['public', 'signup-policy'] as const;

export function getPublicSignupPolicyQueryOptions() {
  return queryOptions({ queryKey: publicSignupPolicyQueryKey, queryFn: getPublicSignupPolicy, staleTime: 60_000 });
}

export function usePublicSignupPolicy() {
  return useQuery(getPublicSignupPolicyQueryOptions());
}
