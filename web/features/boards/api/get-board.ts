import type { Board } from '@core/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** One board the viewer may see (404 otherwise). */
export function getBoard(id: string): Promise<Board> {
  return api.GET('/api/v1/boards/{id}', { params: { path: { id } } }) as Promise<Board>;
}

export function useBoard(id: string) {
  return useQuery({ queryKey: queryKeys.boards.one(id), queryFn: () => getBoard(id) });
}
