import type { MyTodayStats, UpdateGoals } from '@core/contracts';
import { computeGoalProgress } from '@core/stats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Saves the caller's daily goals (one row per company and user). */
export function updateGoals(goals: UpdateGoals) {
  return api.PUT('/api/v1/goals/me', { body: goals });
}

export function useUpdateGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGoals,
    onSuccess: async (goals) => {
      // The progress bars move as soon as the save lands; the refetch confirms from the server.
      queryClient.setQueryData<MyTodayStats>(
        queryKeys.myStats.today,
        (stats) =>
          stats && {
            ...stats,
            goals,
            progress: {
              calls: computeGoalProgress(stats.calls, goals.dailyCalls),
              meetings: computeGoalProgress(stats.meetingsBooked, goals.dailyMeetings),
              sales: computeGoalProgress(stats.sales, goals.dailySales),
            },
          },
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.myStats.all });
    },
  });
}
