import type { ChatIntegrationInput, UpdateChatIntegration } from '@core/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/*
 * Slack and Microsoft Teams channels (decision 038), on the Integrations page beside the TV links:
 * list, connect, change, disconnect, and post a test message (admins).
 */

export function getChatIntegrations(signal?: AbortSignal) {
  return api.GET('/api/v1/admin/chat-integrations', { signal });
}

export function useChatIntegrations() {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.chatIntegrations,
      queryFn: ({ signal }) => getChatIntegrations(signal),
      // The last post's status changes as the server sends: look again now and then while open.
      refetchInterval: 15_000,
    }),
  );
}

function useInvalidatingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.chatIntegrations }) });
}

export function useCreateChatIntegration() {
  return useInvalidatingMutation((body: ChatIntegrationInput) => api.POST('/api/v1/admin/chat-integrations', { body }));
}

export function useUpdateChatIntegration() {
  return useInvalidatingMutation(({ id, changes }: { id: string; changes: UpdateChatIntegration }) =>
    api.PATCH('/api/v1/admin/chat-integrations/{id}', { params: { path: { id } }, body: changes }),
  );
}

export function useDeleteChatIntegration() {
  return useInvalidatingMutation((id: string) => api.DELETE('/api/v1/admin/chat-integrations/{id}', { params: { path: { id } } }));
}

export function useSendChatTestMessage() {
  return useInvalidatingMutation((id: string) => api.POST('/api/v1/admin/chat-integrations/{id}/test', { params: { path: { id } } }));
}
