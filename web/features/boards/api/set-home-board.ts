import type { Board } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Opens the app on this board (home true) or on the dashboard again (decision 102). */
export function setHomeBoard(id: string, home: boolean): Promise<Board> {
  const params = { params: { path: { id } } };
  return (home ? api.PUT('/api/v1/boards/{id}/home', params) : api.DELETE('/api/v1/boards/{id}/home', params)) as Promise<Board>;
}

export function useSetHomeBoard(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (home: boolean) => setHomeBoard(id, home),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.boards.one(saved.id), saved);
      // The app's start page is read from /me; the list marks the start page too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
        queryClient.invalidateQueries({ queryKey: queryKeys.boards.all }),
      ]);
    },
  });
}
