import type { DeleteAccount } from '@core/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/**
 * Deletes your account (re-confirmed with your password or e-mail); the server signs you out
 * everywhere. The caller then leaves the app with a full page load, which drops every cache.
 */
export function deleteAccount(input: DeleteAccount) {
  return api.DELETE('/api/v1/me', { body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
