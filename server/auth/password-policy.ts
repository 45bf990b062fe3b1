import {
  collectPasswordUserInputs,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_REFUSAL_CODES,
  type PasswordRefusalReason,
} from '@core/passwords';
import { assessPassword } from '@core/passwords/assess-password';
import { APIError } from 'better-auth/api';

/** English, as every API message; the web shows its own words for each code in the reader's language. */
const MESSAGES: Record<PasswordRefusalReason, string> = {
  tooShort: `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `The password can be at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'This password is too common. Choose one that is not a known password or an everyday word.',
  personal: 'This password is too easy to guess from your name, e-mail address or company. Choose another.',
  guessable: 'This password is too easy to guess. Use a longer one, for example a few unrelated words.',
};

/** Who the new password is for: their own words are the first an attacker tries. */
export type PasswordOwner = {
  email?: string | null;
  names?: readonly (string | null | undefined)[];
  companyName?: string | null;
};

/**
 * Refuses a weak new password with 400 and a code (PASSWORD_TOO_SHORT, PASSWORD_COMMON, ...), the
 * same check the forms make as the person types (core/passwords). Something that is not a string
 * is left to better-auth's own body validation.
 */
export function requireAcceptablePassword(password: unknown, owner: PasswordOwner & { brand: string }): void {
  if (typeof password !== 'string') return;
  const assessment = assessPassword(password, collectPasswordUserInputs(owner));
  if (assessment.ok) return;
  throw new APIError('BAD_REQUEST', { code: PASSWORD_REFUSAL_CODES[assessment.reason], message: MESSAGES[assessment.reason] });
}
