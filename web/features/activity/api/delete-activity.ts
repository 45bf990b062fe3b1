import type { MyActivities } from '@core/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { myActivitiesQueryKey } from './get-my-activities';
import { invalidateActivityQueries } from './invalidate-activity-queries';

/** Deletes one of the caller's activities of today (also the success toast's Undo). */
export function deleteActivity(id: string): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>(`/activities/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Takes a deleted activity out of today's list at once, then refetches what it changed. */
export async function onActivityDeleted(queryClient: QueryClient, id: string): Promise<void> {
  queryClient.setQueryData<MyActivities>(myActivitiesQueryKey, (current) =>
    current && { ...current, activities: current.activities.filter((a) => a.id !== id) },
  );
  await invalidateActivityQueries(queryClient);
}

export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    onSuccess: (_result, id) => onActivityDeleted(queryClient, id),
  });
}
