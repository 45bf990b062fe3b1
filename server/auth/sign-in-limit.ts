import { ACCOUNT_LOCKED_CODE, type AccountLockedRefusal } from '@core/contracts';
import { APIError } from 'better-auth/api';
import type { Database } from '../db/client';
import { clearSignInFailures, countSignInAttempt, findSignInLock, type SignInDelayRule } from './sign-in-failures.repository';

/**
 * The per-account limit on password guesses (decision 018), kept in the database
 * (sign_in_failures) so every server instance counts together.
 *
 * Five failures are free (typos, a caps lock, an old password); each further one locks the
 * account for 5 s, doubling up to 15 min: a person who mistypes six times waits 5 seconds, while
 * a guesser gets about 100 guesses a day per account, whatever number of addresses they use.
 * A right password clears the count; failures older than a day are forgotten.
 */
export const SIGN_IN_DELAY_RULE: SignInDelayRule = {
  freeFailures: 5,
  firstDelaySeconds: 5,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
};

/** The key of an account: the address as typed, in lower case (better-auth looks it up so too). */
export function toSignInKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Before a password is checked for `email`: counts the attempt, or refuses it with 429 while the
 * account is locked (the password is not looked at). The same whether or not the address has an
 * account: the count is kept per address typed.
 */
export async function requireSignInAllowed(db: Database, email: string, now: Date): Promise<void> {
  const key = toSignInKey(email);
  for (let attempt = 0; attempt < 2; attempt++) {
    const counted = await countSignInAttempt(db, { email: key, now, rule: SIGN_IN_DELAY_RULE });
    if (counted !== null) return;
    const lockedUntil = await findSignInLock(db, { email: key, now });
    if (!lockedUntil) continue; // cleared or expired in between: count again
    const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
    const body: AccountLockedRefusal = {
      code: ACCOUNT_LOCKED_CODE,
      message: `Too many failed attempts for this account. Try again in ${retryAfterSeconds} seconds.`,
      retryAfterSeconds,
    };
    throw new APIError('TOO_MANY_REQUESTS', body, { 'Retry-After': String(retryAfterSeconds) });
  }
}

/** After the password was found right: the account's failures are forgotten. */
export async function forgetSignInFailures(db: Database, email: string, now: Date): Promise<void> {
  await clearSignInFailures(db, { email: toSignInKey(email), now, forgetAfterSeconds: SIGN_IN_DELAY_RULE.forgetAfterSeconds });
}
