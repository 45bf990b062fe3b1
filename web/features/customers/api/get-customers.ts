import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Which customers a list shows: those in use, or the archived ones (decision 041). */
export type CustomerStatus = 'active' | 'archived';

/** Customers newest first; `search` matches name, domain or segment, case-insensitively. */
export function getCustomers(search: string, status: CustomerStatus = 'active', signal?: AbortSignal) {
  return api.GET('/api/v1/customers', { params: { query: { search, status } }, signal });
}

export function getCustomersQueryOptions(search: string, status: CustomerStatus = 'active') {
  const term = search.trim();
  return queryOptions({
    queryKey: [...queryKeys.company.customers.matching(term.toLowerCase()), status],
    queryFn: ({ signal }) => getCustomers(term, status, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(search: string, status: CustomerStatus = 'active') {
  return useQuery(getCustomersQueryOptions(search, status));
}
