import type { Board, BoardInput, NewBoardInput } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * What is saved: a new board (from a template or its widgets), or a board's name, sharing and
 * widgets replaced (all of them: the type has no board change without its widgets, which would
 * empty the board).
 */
export type BoardSave = { id: null; input: NewBoardInput } | { id: string; input: BoardInput };

export function saveBoard(save: BoardSave): Promise<Board> {
  if (save.id === null) return api.POST('/api/v1/boards', { body: save.input }) as Promise<Board>;
  return api.PUT('/api/v1/boards/{id}', { params: { path: { id: save.id } }, body: save.input }) as Promise<Board>;
}

export function useSaveBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBoard,
    onSuccess: (saved, save) => {
      queryClient.setQueryData(queryKeys.boards.one(saved.id), saved);
      // A template may have made the company KPIs its widgets read.
      if (save.id === null && save.input.template) void queryClient.invalidateQueries({ queryKey: queryKeys.kpis });
      return queryClient.invalidateQueries({ queryKey: queryKeys.boards.all });
    },
  });
}
