import type { CreateCompany } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Multi-tenant mode: create a company (name, IANA time zone) and become its admin. */
export function createCompany(input: CreateCompany) {
  return api.POST('/api/v1/companies', { body: input });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
