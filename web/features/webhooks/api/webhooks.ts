import type { UpdateWebhookEndpoint, WebhookDeliveryList, WebhookEndpointInput, WebhookEndpointList } from '@core/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/*
 * Signed webhook endpoints and their delivery logs (decision 037), for the company's admins:
 * list, register, change, turn on again, rotate the secret, send a test, delete, read the log, resend.
 */

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: queryKeys.webhooks.endpoints,
    queryFn: ({ signal }) => api.GET('/api/v1/admin/webhooks', { signal }),
    // The server turns an endpoint off after a day of failures: look again now and then while open.
    refetchInterval: 60_000,
  });
}

/** True while a delivery waits or is being sent: its status will change soon. */
export function hasOpenDeliveries(list: WebhookDeliveryList | undefined): boolean {
  return list?.deliveries.some((delivery) => delivery.status === 'pending' || delivery.status === 'sending') ?? false;
}

/**
 * An endpoint's newest deliveries (the server keeps the newest 100 in the log). The row's "last
 * delivery" and the log panel share this query. While something is queued it is read every few
 * seconds, so a test or a resend shows its outcome without a reload; otherwise every half minute.
 */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: queryKeys.webhooks.deliveries(endpointId),
    queryFn: ({ signal }) => api.GET('/api/v1/admin/webhooks/{id}/deliveries', { params: { path: { id: endpointId } }, signal }),
    refetchInterval: (query) => (hasOpenDeliveries(query.state.data) ? 2_000 : 30_000),
  });
}

function useInvalidatingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.all }) });
}

/** Registers an endpoint: the answer holds its signing secret, shown to the admin this once. */
export function useCreateWebhookEndpoint() {
  return useInvalidatingMutation((body: WebhookEndpointInput) => api.POST('/api/v1/admin/webhooks', { body }));
}

/** Changes an endpoint; `{ enabled: true }` turns one the server disabled on again (its queue starts again). */
export function useUpdateWebhookEndpoint() {
  return useInvalidatingMutation(({ id, changes }: { id: string; changes: UpdateWebhookEndpoint }) =>
    api.PATCH('/api/v1/admin/webhooks/{id}', { params: { path: { id } }, body: changes }),
  );
}

/**
 * Deletes an endpoint. Its row leaves the list at once and its log's query is dropped: refetching
 * everything would ask for the deleted endpoint's log (a 404) before the list had caught up.
 */
export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.DELETE('/api/v1/admin/webhooks/{id}', { params: { path: { id } } }),
    onSuccess: async (_answer, id) => {
      queryClient.setQueryData<WebhookEndpointList>(queryKeys.webhooks.endpoints, (list) =>
        list ? { endpoints: list.endpoints.filter((endpoint) => endpoint.id !== id) } : list,
      );
      queryClient.removeQueries({ queryKey: queryKeys.webhooks.deliveries(id) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.webhooks.endpoints });
    },
  });
}

/** A new signing secret; the old one stops verifying at once. The answer holds the new one. */
export function useRotateWebhookSecret() {
  return useInvalidatingMutation((id: string) => api.POST('/api/v1/admin/webhooks/{id}/rotate-secret', { params: { path: { id } } }));
}

export function useSendWebhookTest() {
  return useInvalidatingMutation((id: string) => api.POST('/api/v1/admin/webhooks/{id}/test', { params: { path: { id } } }));
}

export function useResendWebhookDelivery() {
  return useInvalidatingMutation(({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
    api.POST('/api/v1/admin/webhooks/{id}/deliveries/{deliveryId}/resend', { params: { path: { id: endpointId, deliveryId } } }),
  );
}
