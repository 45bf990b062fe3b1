import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** How to confirm deleting your account, what happens to your company, and whether it is refused now. */
export function getAccountDeletionPlan() {
  return api.GET('/api/v1/me/account-deletion');
}

export function useAccountDeletionPlan(options: { enabled: boolean }) {
  // Always fresh: whether you are the only admin can change while the dialog is closed.
  return useQuery({
    ...queryOptions({ queryKey: queryKeys.settings.accountDeletion, queryFn: getAccountDeletionPlan }),
    enabled: options.enabled,
    staleTime: 0,
  });
}
