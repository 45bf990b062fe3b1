import type { LogActivity, MyActivities } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';
import { invalidateActivityQueries } from './invalidate-activity-queries';

/** Logs a call, sale, held meeting, e-mail or LinkedIn touch for today or an earlier day; the server sets the points. */
export function logActivity(input: LogActivity) {
  return api.POST('/api/v1/activities', { body: input });
}

export function useLogActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logActivity,
    onSuccess: async (activity) => {
      // Show it at the top of today's list at once; the refetch below confirms it.
      queryClient.setQueryData<MyActivities>(queryKeys.activities.mineToday, (current) =>
        current && current.date === activity.localDate && !current.activities.some((a) => a.id === activity.id)
          ? { ...current, activities: [activity, ...current.activities] }
          : current,
      );
      await invalidateActivityQueries(queryClient);
    },
  });
}
