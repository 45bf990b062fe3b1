import type { CreateContest } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Starts a contest (admins; team leads among their own teams). */
export function createContest(input: CreateContest) {
  return api.POST('/api/v1/contests', { body: input });
}

export function updateContest(id: string, input: CreateContest) {
  return api.PUT('/api/v1/contests/{id}', { params: { path: { id } }, body: input });
}

export function deleteContest(id: string) {
  return api.DELETE('/api/v1/contests/{id}', { params: { path: { id } } });
}

export function useSaveContest(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateContest) => (id === null ? createContest(input) : updateContest(id, input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contests.all }),
  });
}

export function useDeleteContest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.contests.all }),
  });
}
