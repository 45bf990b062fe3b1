import type { SignupPolicySettings, UpdateSignupPolicy } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { signupPolicyQueryKey } from './get-signup-policy';

/** Admin: the policy and the access code (omitted keeps it, '' clears it). */
export function updateSignupPolicy(input: UpdateSignupPolicy): Promise<SignupPolicySettings> {
  return apiFetch<SignupPolicySettings>('/admin/signup-policy', { method: 'PUT', json: input });
}

export function useUpdateSignupPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignupPolicy,
    onSuccess: (settings) => {
      queryClient.setQueryData(signupPolicyQueryKey, settings);
    },
  });
}
