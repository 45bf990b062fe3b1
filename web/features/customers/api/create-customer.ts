import type { CreateCustomer } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Any member: a customer with a non-blank name, optional domain and segment, point value (default 0). */
export function createCustomer(input: CreateCustomer) {
  return api.POST('/api/v1/customers', { body: input });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: async () => {
      // The list, the company's customer count, and the log dialogs' suggestions.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.company.customers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.company.settings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.customerSuggestions.all }),
      ]);
    },
  });
}
