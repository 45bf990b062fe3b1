import type { Board, BoardInput } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Makes a board (id null; from a template or its widgets) or replaces one's name, sharing and widgets. */
export function saveBoard(id: string | null, input: BoardInput): Promise<Board> {
  return (
    id === null ? api.POST('/api/v1/boards', { body: input }) : api.PUT('/api/v1/boards/{id}', { params: { path: { id } }, body: input })
  ) as Promise<Board>;
}

export function useSaveBoard(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BoardInput) => saveBoard(id, input),
    onSuccess: (saved, input) => {
      queryClient.setQueryData(queryKeys.boards.one(saved.id), saved);
      // A template may have made the company KPIs its widgets read.
      if (input.template) void queryClient.invalidateQueries({ queryKey: queryKeys.kpis });
      return queryClient.invalidateQueries({ queryKey: queryKeys.boards.all });
    },
  });
}
