import type { UpdateSignupPolicy } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: the policy and the access code (omitted keeps it, '' clears it). */
export function updateSignupPolicy(input: UpdateSignupPolicy) {
  return api.PUT('/api/v1/admin/signup-policy', { body: input });
}

export function useUpdateSignupPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignupPolicy,
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.company.signupPolicy, settings);
    },
  });
}
