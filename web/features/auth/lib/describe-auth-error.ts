import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SIGNUP_REFUSAL_CODES } from '@core/contracts';
import type { TFunction } from 'i18next';

/** An error as better-auth's client returns it: its code (when it has one), English message and HTTP status. */
export type AuthClientError = { code?: string | undefined; message?: string | undefined; status?: number | undefined };

/** A refused auth call, thrown so that mutations (and forms) see better-auth's `{ error }` answers as failures. */
export class AuthRequestError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;
  /** The provider's own (English) message, if it sent one. */
  readonly providerMessage: string | undefined;

  constructor(error: AuthClientError) {
    super(error.message || `Auth request failed (${error.status ?? 'no status'})`);
    this.name = 'AuthRequestError';
    this.code = error.code;
    this.status = error.status;
    this.providerMessage = error.message || undefined;
  }
}

/** better-auth's codes (and our sign-up policy's) that people meet on these screens, as catalog keys. */
const MESSAGE_KEYS: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'errors.invalidCredentials',
  EMAIL_NOT_VERIFIED: 'errors.emailNotVerified',
  USER_ALREADY_EXISTS: 'errors.accountExists',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'errors.accountExists',
  PASSWORD_TOO_SHORT: 'errors.passwordTooShort',
  PASSWORD_TOO_LONG: 'errors.passwordTooLong',
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
 * The reader's-language text for an auth failure. Known codes and the rate limit (429, which has no
 * code) get our words; anything else keeps the provider's message. A call that threw (network down)
 * gets the spec's 'An unexpected error occurred'.
 */
export function describeAuthError(error: unknown, t: TFunction<'auth'>): string {
  if (!(error instanceof AuthRequestError)) return t('errors.unexpected');
  if (error.status === 429) return t('errors.rateLimited');
  const key = error.code ? MESSAGE_KEYS[error.code] : undefined;
  if (key) return t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  return error.providerMessage ?? t('errors.unexpected');
}
