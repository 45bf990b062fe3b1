import type { MyActivities } from '@core/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { invalidateActivityQueries } from './invalidate-activity-queries';

/** Deletes one of the caller's activities of today (also the success toast's Undo). */
export function deleteActivity(id: string) {
  return api.DELETE('/api/v1/activities/{id}', { params: { path: { id } } });
}

/** Takes a deleted activity out of today's list at once, then refetches what it changed. */
export async function onActivityDeleted(queryClient: QueryClient, id: string): Promise<void> {
  queryClient.setQueryData<MyActivities>(
    queryKeys.activities.mineToday,
    (current) => current && { ...current, activities: current.activities.filter((a) => a.id !== id) },
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
