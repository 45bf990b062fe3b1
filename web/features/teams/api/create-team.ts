import type { CreateTeam } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Admin: a new team; the name is unique in the company, case-insensitively (409 team_exists). */
export function createTeam(input: CreateTeam) {
  return api.POST('/api/v1/teams', { body: input });
}

export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.teams }),
  });
}
