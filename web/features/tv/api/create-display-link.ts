import type { CreateDisplayLink } from '@core/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** Makes a display link; the answer carries the secret token, the only time it is ever shown. */
export function createDisplayLink(input: CreateDisplayLink) {
  return api.POST('/api/v1/display-links', { body: input });
}

export function useCreateDisplayLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDisplayLink,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.displayLinks }),
  });
}
