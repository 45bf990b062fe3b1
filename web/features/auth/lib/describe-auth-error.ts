// Not from '@core/contracts': that would bring zod and every contract to the sign-in screen.
import { ACCOUNT_LOCKED_CODE, FORBIDDEN_ORIGIN_CODE, SIGNUP_REFUSAL_CODES } from '@core/contracts/constants';
import type { TFunction } from 'i18next';
import { AuthRequestError } from '@web/lib/auth/auth-request-error';
import { describeAccountLocked, describePasswordCode } from '@web/lib/passwords';

// The error class is shared with other features (Settings' Change password); re-exported here.
export { type AuthClientError, AuthRequestError } from '@web/lib/auth/auth-request-error';

/** better-auth's codes (and our sign-up policy's) that people meet on these screens, as catalog keys. */
const MESSAGE_KEYS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'errors.invalidCredentials',
  EMAIL_NOT_VERIFIED: 'errors.emailNotVerified',
  USER_ALREADY_EXISTS: 'errors.accountExists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'errors.accountExists',
  INVALID_EMAIL: 'errors.invalidEmail',
  INVALID_TOKEN: 'errors.linkExpired',
  TOKEN_EXPIRED: 'errors.linkExpired',
  [SIGNUP_REFUSAL_CODES.invalidAccessCode]: 'errors.accessCodeInvalid',
  [SIGNUP_REFUSAL_CODES.lookupFailed]: 'errors.accessCodeFailed',
  [SIGNUP_REFUSAL_CODES.accessCodeRequired]: 'errors.accessCodeRequired',
  [SIGNUP_REFUSAL_CODES.inviteOnly]: 'errors.inviteOnly',
  [SIGNUP_REFUSAL_CODES.invitationInvalid]: 'errors.invitationInvalid',
};

/**
 * The reader's-language text for an auth failure. Known codes (a locked account, a refused new
 * password, better-auth's and the sign-up policy's) and the per-address rate limit (429 without a
 * code) get our words; anything else keeps the provider's message. A call that threw (network
 * down) gets 'An unexpected error occurred'.
 */
export function describeAuthError(error: unknown, t: TFunction<'auth'>): string {
  if (!(error instanceof AuthRequestError)) return t('errors.unexpected');
  if (error.code === ACCOUNT_LOCKED_CODE) return describeAccountLocked(error.retryAfterSeconds, t);
  if (error.code === FORBIDDEN_ORIGIN_CODE && error.origin) return t('errors.forbiddenOrigin', { address: error.origin });
  if (error.status === 429) return t('errors.rateLimited');
  const passwordRefusal = describePasswordCode(error.code, t);
  if (passwordRefusal) return passwordRefusal;
  const key = error.code ? MESSAGE_KEYS[error.code] : undefined;
  if (key) return t(key);
  return error.providerMessage ?? t('errors.unexpected');
}
