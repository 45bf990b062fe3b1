import type { Billing } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** Admin: the plan and monthly price for the active member count (no payment processing). */
export function getBilling(): Promise<Billing> {
  return apiFetch<Billing>('/admin/billing');
}

export const billingQueryKey = ['company', 'billing'] as const;

export function getBillingQueryOptions() {
  return queryOptions({ queryKey: billingQueryKey, queryFn: getBilling });
}

export function useBilling() {
  return useQuery(getBillingQueryOptions());
}
