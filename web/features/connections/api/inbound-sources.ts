import type { InboundSourceInput, InboundSourcePatch } from '@core/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/*
 * Inbound sources (decision 120), for the company's admins: list, add, change (the mapping among
 * it), turn on or off, rotate the secret, delete, and read what each source sent.
 */

export function useInboundSources() {
  return useQuery({
    queryKey: queryKeys.inboundSources.list,
    queryFn: ({ signal }) => api.GET('/api/v1/admin/inbound-sources', { signal }),
    // "Last received" moves as the sender sends: look again now and then while the screen is open.
    refetchInterval: 30_000,
  });
}

/** What a source sent, newest first; read often while open, so a test sent from the other system shows up. */
export function useInboundPayloads(sourceId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.inboundSources.payloads(sourceId),
    queryFn: ({ signal }) => api.GET('/api/v1/admin/inbound-sources/{id}/payloads', { params: { path: { id: sourceId } }, signal }),
    enabled: options.enabled ?? true,
    refetchInterval: 5_000,
  });
}

function useInvalidatingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.inboundSources.all }) });
}

/** Adds a source: the answer holds its URL and secret, shown to the admin this once. */
export function useCreateInboundSource() {
  return useInvalidatingMutation((body: InboundSourceInput) => api.POST('/api/v1/admin/inbound-sources', { body }));
}

export function useUpdateInboundSource() {
  return useInvalidatingMutation(({ id, changes }: { id: string; changes: InboundSourcePatch }) =>
    api.PATCH('/api/v1/admin/inbound-sources/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useRotateInboundSecret() {
  return useInvalidatingMutation((id: string) =>
    api.POST('/api/v1/admin/inbound-sources/{id}/rotate-secret', { params: { path: { id } } }),
  );
}

export function useDeleteInboundSource() {
  return useInvalidatingMutation((id: string) => api.DELETE('/api/v1/admin/inbound-sources/{id}', { params: { path: { id } } }));
}
