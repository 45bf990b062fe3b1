import type { AccountDeletionPlan } from '@core/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/** How to confirm deleting your account, what happens to your company, and whether it is refused now. */
export function getAccountDeletionPlan(): Promise<AccountDeletionPlan> {
  return apiFetch<AccountDeletionPlan>('/me/account-deletion');
}

export const accountDeletionPlanQueryKey = ['settings', 'account-deletion'] as const;

export function useAccountDeletionPlan(options: { enabled: boolean }) {
  // Always fresh: whether you are the only admin can change while the dialog is closed.
  return useQuery({ ...queryOptions({ queryKey: accountDeletionPlanQueryKey, queryFn: getAccountDeletionPlan }), enabled: options.enabled, staleTime: 0 });
}
