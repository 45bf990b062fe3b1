import type { CustomerList } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Customers newest first; `search` matches name, domain or segment, case-insensitively. */
export function getCustomers(search: string, signal?: AbortSignal): Promise<CustomerList> {
  return apiFetch<CustomerList>('/customers', { query: { search }, signal });
}

export function getCustomersQueryOptions(search: string) {
  const term = search.trim();
  return queryOptions({
    queryKey: ['company', 'customers', term.toLowerCase()],
    queryFn: ({ signal }) => getCustomers(term, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(search: string) {
  return useQuery(getCustomersQueryOptions(search));
}
