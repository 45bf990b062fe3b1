import type { CompanySettings, UpdateCompany } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { meQueryKey } from '@web/lib/auth/get-me';
import { companySettingsQueryKey } from './get-company-settings';

/** Admin: the company name (trimmed), IANA time zone and currency. */
export function updateCompanySettings(input: UpdateCompany): Promise<CompanySettings> {
  return apiFetch<CompanySettings>('/company', { method: 'PATCH', json: input });
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: async (company) => {
      queryClient.setQueryData(companySettingsQueryKey, company);
      // A new time zone moves "today" for every board; the name shows in the shell.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['company'] }),
        queryClient.invalidateQueries({ queryKey: ['scoreboard'] }),
      ]);
    },
  });
}
