import type { CreateApiToken } from '@core/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { queryKeys } from '@web/lib/query-keys';

/** My personal access tokens, newest first (never their secrets). */
export function useMyApiTokens() {
  return useQuery({ queryKey: queryKeys.apiTokens.mine, queryFn: () => api.GET('/api/v1/me/api-tokens') });
}

/** Every token of the company, with whose it is (admins; the server refuses anyone else). */
export function useCompanyApiTokens(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.apiTokens.company, queryFn: () => api.GET('/api/v1/admin/api-tokens'), enabled });
}

/** A new token: the answer holds its secret, the only time it is ever shown. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateApiToken) => api.POST('/api/v1/me/api-tokens', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}

/** Revokes a token: one of mine, or (`asAdmin`) any of the company's. It stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, asAdmin }: { id: string; asAdmin: boolean }) =>
      asAdmin
        ? api.DELETE('/api/v1/admin/api-tokens/{id}', { params: { path: { id } } })
        : api.DELETE('/api/v1/me/api-tokens/{id}', { params: { path: { id } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiTokens.all }),
  });
}
