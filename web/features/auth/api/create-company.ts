import type { CreateCompany, CreatedCompany } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { meQueryKey } from '@web/lib/auth/get-me';

/** Multi-tenant mode: create a company (name, IANA time zone) and become its admin. */
export function createCompany(input: CreateCompany): Promise<CreatedCompany> {
  return apiFetch<CreatedCompany>('/companies', { method: 'POST', json: input });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
