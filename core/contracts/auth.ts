import { z } from 'zod';
import { isSingleLine, text } from './common';
import { DISPLAY_NAME_MAX } from './constants';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../passwords';

/**
 * Password bounds (core/passwords, decision 018): the server enforces them with the strength check
 * on sign-up, reset and change (server/auth/password-policy.ts); forms say them first.
 */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export { ACCOUNT_LOCKED_CODE, SIGNUP_REFUSAL_CODES } from './constants';
export type { AccountLockedRefusal, SignUpRefusal, SignupRefusalCode } from './constants';

/** The in-app page the password-reset mail's link opens (with ?token=..., or ?error=INVALID_TOKEN). */
export const RESET_PASSWORD_PAGE_PATH = '/auth/reset-password';

/** The forgot-password form: the address better-auth's request-password-reset mails the link to. */
export const RequestPasswordResetSchema = z.object({
  email: text()
    .trim()
    .max(254)
    .pipe(z.email({ message: 'Enter a valid e-mail address' })),
});
export type RequestPasswordReset = z.infer<typeof RequestPasswordResetSchema>;

/**
 * The new-password form. Messages are the reason keys the form turns into words in the reader's
 * language (tooShort, tooLong, mismatch).
 */
export const ResetPasswordFormSchema = z
  .object({
    newPassword: text().min(PASSWORD_MIN_LENGTH, 'tooShort').max(PASSWORD_MAX_LENGTH, 'tooLong'),
    confirmPassword: text(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' });
export type ResetPasswordForm = z.infer<typeof ResetPasswordFormSchema>;

/**
 * better-auth's sign-up body as our edge accepts it (server/lib/edges.ts): the name lands in the
 * confirmation mail, so it is capped like a display name; no picture URL can be set this way.
 */
export const SignUpRequestSchema = z
  .object({
    name: text({ message: 'Name must be text' })
      .trim()
      .min(1, 'Enter your name')
      .max(DISPLAY_NAME_MAX, `Your name can be at most ${DISPLAY_NAME_MAX} characters`)
      .refine(isSingleLine, 'Your name must be on one line'),
    email: text({ message: 'E-mail must be text' }).max(254, 'This e-mail address is too long'),
    password: text({ message: 'Password must be text' }).max(PASSWORD_MAX_LENGTH, 'tooLong'),
    callbackURL: text().max(2048).optional(),
    rememberMe: z.boolean().optional(),
  })
  .strict();

/**
 * Settings' Change password form (better-auth's change-password). Messages are reason keys the
 * form words in the reader's language: required, tooShort, tooLong, mismatch, sameAsCurrent. The
 * strength check (core/passwords) runs on submit, and on the server.
 */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: text().min(1, 'required').max(PASSWORD_MAX_LENGTH, 'tooLong'),
    newPassword: text().min(PASSWORD_MIN_LENGTH, 'tooShort').max(PASSWORD_MAX_LENGTH, 'tooLong'),
    confirmPassword: text(),
    revokeOtherSessions: z.boolean(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ['confirmPassword'], message: 'mismatch' })
  .refine((value) => value.newPassword !== value.currentPassword, { path: ['newPassword'], message: 'sameAsCurrent' });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;
