import type { CreateCustomer, Customer } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Any member: a customer with a non-blank name, optional domain and segment, point value (default 0). */
export function createCustomer(input: CreateCustomer): Promise<Customer> {
  return apiFetch<Customer>('/customers', { method: 'POST', json: input });
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: async () => {
      // The list, the company's customer count, and the log dialogs' suggestions.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['company', 'customers'] }),
        queryClient.invalidateQueries({ queryKey: ['company', 'settings'] }),
        queryClient.invalidateQueries({ queryKey: ['customers'] }),
      ]);
    },
  });
}
