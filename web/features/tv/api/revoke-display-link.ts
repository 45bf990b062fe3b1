import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Revokes a display link; screens using it stop at once. */
export function revokeDisplayLink(id: string) {
  return api.DELETE('/api/v1/display-links/{id}', { params: { path: { id } } });
}

export function useRevokeDisplayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDisplayLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.displayLinks }),
  });
}
