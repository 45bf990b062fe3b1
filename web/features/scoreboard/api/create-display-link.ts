import type { CreateDisplayLink, CreatedDisplayLink } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';
import { displayLinksQueryKey } from './get-display-links';

/** Makes a display link; the answer carries the secret token, the only time it is ever shown. */
export function createDisplayLink(input: CreateDisplayLink): Promise<CreatedDisplayLink> {
  return apiFetch<CreatedDisplayLink>('/display-links', { method: 'POST', json: input });
}

export function useCreateDisplayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDisplayLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: displayLinksQueryKey }),
  });
}
