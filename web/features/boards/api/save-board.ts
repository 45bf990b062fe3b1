import type { Board, BoardInput, NewBoardInput } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/**
 * Makes a board (id null: from a template or its widgets) or replaces one's name, sharing and
 * widgets (all of them: a change without its widgets would empty the board, so it is not sent).
 */
export function saveBoard(id: string | null, input: NewBoardInput): Promise<Board> {
  if (id === null) return api.POST('/api/v1/boards', { body: input }) as Promise<Board>;
  const { template, widgets, ...rest } = input;
  if (template !== undefined || widgets === undefined) throw new Error('A board is changed with all its widgets, not a template');
  const body: BoardInput = { ...rest, widgets };
  return api.PUT('/api/v1/boards/{id}', { params: { path: { id } }, body }) as Promise<Board>;
}

export function useSaveBoard(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewBoardInput) => saveBoard(id, input),
    onSuccess: (saved, input) => {
      queryClient.setQueryData(queryKeys.boards.one(saved.id), saved);
      // A template may have made the company KPIs its widgets read.
      if (input.template) void queryClient.invalidateQueries({ queryKey: queryKeys.kpis });
      return queryClient.invalidateQueries({ queryKey: queryKeys.boards.all });
    },
  });
}
