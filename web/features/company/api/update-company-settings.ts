import type { UpdateCompany } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: the company name (trimmed), IANA time zone and currency. */
export function updateCompanySettings(input: UpdateCompany) {
  return api.PATCH('/api/v1/company', { body: input });
}

export function useUpdateCompanySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanySettings,
    onSuccess: async (company) => {
      queryClient.setQueryData(queryKeys.company.settings, company);
      // A new time zone moves "today" for every board; the name shows in the shell.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.scoreboard.all }),
      ]);
    },
  });
}
