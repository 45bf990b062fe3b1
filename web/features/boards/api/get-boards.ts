import type { BoardList } from '@core/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** The boards the viewer may see (decision 102). */
export function getBoards(): Promise<BoardList> {
  return api.GET('/api/v1/boards') as Promise<BoardList>;
}

export function useBoards() {
  return useQuery({ queryKey: queryKeys.boards.all, queryFn: getBoards });
}
