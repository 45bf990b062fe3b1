import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Customers newest first; `search` matches name, domain or segment, case-insensitively. */
export function getCustomers(search: string, signal?: AbortSignal) {
  return api.GET('/api/v1/customers', { params: { query: { search } }, signal });
}

export function getCustomersQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: queryKeys.company.customers.matching(term.toLowerCase()),
    queryFn: ({ signal }) => getCustomers(term, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(search: string) {
  return useQuery(getCustomersQueryOptions(search));
}
