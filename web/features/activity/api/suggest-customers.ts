import { CUSTOMER_SUGGEST_MIN_CHARS } from '@core/contracts/constants';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Up to 5 customers whose name contains `q` (case-insensitive; the server needs 2+ characters). */
export function suggestCustomers(q: string, signal?: AbortSignal) {
  return api.GET('/api/v1/customers/suggest', { params: { query: { q } }, signal });
}

export function getCustomerSuggestionsQueryOptions(q: string) {
  const term = q.trim();
  return queryOptions({
    queryKey: queryKeys.customerSuggestions.matching(term.toLowerCase()),
    queryFn: ({ signal }) => suggestCustomers(term, signal),
    enabled: term.length >= CUSTOMER_SUGGEST_MIN_CHARS,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function useCustomerSuggestions(q: string) {
  return useQuery(getCustomerSuggestionsQueryOptions(q));
}
