import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

export function deleteBoard(id: string) {
  return api.DELETE('/api/v1/boards/{id}', { params: { path: { id } } });
}

export function useDeleteBoard() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteBoard, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.boards.all }) });
}
