import type { DisplayLink } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { displayLinksQueryKey } from './get-display-links';

/** Revokes a display link; screens using it stop at once. */
export function revokeDisplayLink(id: string): Promise<DisplayLink> {
  return apiFetch<DisplayLink>(`/display-links/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeDisplayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeDisplayLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: displayLinksQueryKey }),
  });
}
