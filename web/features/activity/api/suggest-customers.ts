import { CUSTOMER_SUGGEST_MIN_CHARS, type CustomerSuggestions } from '@core/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Up to 5 customers whose name contains `q` (case-insensitive; the server needs 2+ characters). */
export function suggestCustomers(q: string, signal?: AbortSignal): Promise<CustomerSuggestions> {
  return apiFetch<CustomerSuggestions>('/customers/suggest', { query: { q }, signal });
}

export function getCustomerSuggestionsQueryOptions(q: string) {
  const term = q.trim();
  return queryOptions({
    queryKey: ['customers', 'suggest', term.toLowerCase()],
    queryFn: ({ signal }) => suggestCustomers(term, signal),
    enabled: term.length >= CUSTOMER_SUGGEST_MIN_CHARS,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSuggestions(q: string) {
  return useQuery(getCustomerSuggestionsQueryOptions(q));
}
