import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@web/lib/auth/auth-client';
import { AuthRequestError } from '@web/lib/auth/auth-request-error';

export type ChangePasswordInput = { currentPassword: string; newPassword: string; revokeOtherSessions: boolean };

/**
 * better-auth's change-password. With revokeOtherSessions every other device is signed out and
 * this browser gets a new session cookie. Refusals throw an AuthRequestError with the code.
 */
export async function changePassword(input: ChangePasswordInput): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.changePassword(input);
  if (error) throw new AuthRequestError(error);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
