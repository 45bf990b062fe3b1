import type { MergeCustomer, UpdateCustomer } from '@core/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admins: rename, archive or restore a customer (decision 041). */
export function changeCustomer({ id, ...body }: UpdateCustomer & { id: string }) {
  return api.PATCH('/api/v1/customers/{id}', { params: { path: { id } }, body });
}

/** Admins: merge customer `id` into `into`; its activities move there and it is removed. */
export function mergeCustomer({ id, into }: MergeCustomer & { id: string }) {
  return api.POST('/api/v1/customers/{id}/merge', { params: { path: { id } }, body: { into } });
}

/** The lists, the company's customer count, the log dialogs' suggestions, and activities that show the names. */
function invalidateAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.company.customers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.company.settings }),
    queryClient.invalidateQueries({ queryKey: queryKeys.customerSuggestions.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.activities.all }),
  ]);
}

export function useChangeCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCustomer, onSuccess: () => invalidateAfterChange(queryClient) });
}

export function useMergeCustomer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: mergeCustomer, onSuccess: () => invalidateAfterChange(queryClient) });
}
