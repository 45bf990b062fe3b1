import type { Goals, MyTodayStats, UpdateGoals } from '@core/contracts';
import { computeGoalProgress } from '@core/stats';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { myStatsQueryKey } from './get-my-stats';

/** Saves the caller's daily goals (one row per company and user). */
export function updateGoals(goals: UpdateGoals): Promise<Goals> {
  return apiFetch<Goals>('/goals/me', { method: 'PUT', json: goals });
}

export function useUpdateGoals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGoals,
    onSuccess: async (goals) => {
      // The progress bars move as soon as the save lands; the refetch confirms from the server.
      queryClient.setQueryData<MyTodayStats>(myStatsQueryKey, (stats) =>
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
      await queryClient.invalidateQueries({ queryKey: ['my-stats'] });
    },
  });
}
