import type { Activity, MyActivities, UpdateActivity } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { myActivitiesQueryKey } from './get-my-activities';
import { invalidateActivityQueries } from './invalidate-activity-queries';

/** Changes one of the caller's activities of today; the server recomputes its points. */
export function updateActivity({ id, changes }: { id: string; changes: UpdateActivity }): Promise<Activity> {
  return apiFetch<Activity>(`/activities/${encodeURIComponent(id)}`, { method: 'PATCH', json: changes });
}

export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActivity,
    onSuccess: async (activity) => {
      queryClient.setQueryData<MyActivities>(myActivitiesQueryKey, (current) =>
        current && { ...current, activities: current.activities.map((a) => (a.id === activity.id ? activity : a)) },
      );
      await invalidateActivityQueries(queryClient);
    },
  });
}
