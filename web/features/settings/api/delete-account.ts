import type { DeleteAccount } from '@core/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api';

/**
 * Deletes your account (re-confirmed with your password or e-mail); the server signs you out
 * everywhere. The caller then leaves the app with a full page load, which drops every cache.
 */
export function deleteAccount(input: DeleteAccount): Promise<{ ok: true }> {
  return apiFetch<{ ok: true }>('/me', { method: 'DELETE', json: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
