import type { MyActivities, UpdateActivity } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { invalidateActivityQueries } from './invalidate-activity-queries';

/** Changes one of the caller's activities of today; the server recomputes its points. */
export function updateActivity({ id, changes }: { id: string; changes: UpdateActivity }) {
  return api.PATCH('/api/v1/activities/{id}', { params: { path: { id } }, body: changes });
}

export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActivity,
    onSuccess: async (activity) => {
      queryClient.setQueryData<MyActivities>(
        queryKeys.activities.mineToday,
        (current) => current && { ...current, activities: current.activities.map((a) => (a.id === activity.id ? activity : a)) },
      );
      await invalidateActivityQueries(queryClient);
    },
  });
}
