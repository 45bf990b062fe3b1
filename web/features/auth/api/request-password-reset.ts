import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@web/lib/auth/auth-client';
import { paths } from '@web/lib/paths';
import { AuthRequestError } from '../lib/describe-auth-error';

/**
 * Asks for the password-reset mail (better-auth's request-password-reset). The answer is the same
 * whether or not the address has an account; the mailed link opens /auth/reset-password.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.requestPasswordReset({ email, redirectTo: paths.authResetPassword });
  if (error) throw new AuthRequestError(error);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
