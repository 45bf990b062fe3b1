import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: the plan and monthly price for the active member count (no payment processing). */
export function getBilling() {
  return api.GET('/api/v1/admin/billing');
}

export function getBillingQueryOptions() {
  return queryOptions({ queryKey: queryKeys.company.billing, queryFn: getBilling });
}

export function useBilling() {
  return useQuery(getBillingQueryOptions());
}
