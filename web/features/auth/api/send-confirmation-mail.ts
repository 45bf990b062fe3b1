import { useMutation } from '@tanstack/react-query';
import { loadAuthClient } from '@web/lib/auth/auth-client';
import { AuthRequestError } from '../lib/describe-auth-error';

export type SendConfirmationMailInput = { email: string; callbackURL: string };

/** Sends the e-mail confirmation link again (better-auth's send-verification-email). */
export async function sendConfirmationMail({ email, callbackURL }: SendConfirmationMailInput): Promise<void> {
  const authClient = await loadAuthClient();
  const { error } = await authClient.sendVerificationEmail({ email, callbackURL });
  if (error) throw new AuthRequestError(error);
}

export function useSendConfirmationMail() {
  return useMutation({ mutationFn: sendConfirmationMail });
}
