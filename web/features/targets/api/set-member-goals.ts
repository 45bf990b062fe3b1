import type { UpdateGoals } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Sets a member's daily goals for them (a lead for their people, an admin for anyone). */
export function setMemberGoals({ userId, goals }: { userId: string; goals: UpdateGoals }) {
  return api.PUT('/api/v1/goals/members/{userId}', { params: { path: { userId } }, body: goals });
}

export function useSetMemberGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberGoals,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.targets.teamGoals }),
  });
}
