import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@web/lib/auth/auth-client';
import { AuthRequestError } from '../lib/describe-auth-error';

export type ResetPasswordInput = { token: string; newPassword: string };

/** Sets a new password with the token from the reset mail's link (better-auth's reset-password). */
export async function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.resetPassword({ token, newPassword });
  if (error) throw new AuthRequestError(error);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
