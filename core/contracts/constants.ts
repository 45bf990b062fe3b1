/*
 * Plain values of the contracts: bounds and refusal codes, without zod. The sign-in screen needs a
 * few of them but none of the schemas, and importing them from here keeps zod and every contract
 * out of its download (decision 026). The contract files re-export them, so `@core/contracts`
 * still has them all.
 */

export const DISPLAY_NAME_MAX = 80;
export const COMPANY_NAME_MAX = 100;

/**
 * A sign-in (or a password change) refused because the account has too many failed attempts
 * (decision 018): HTTP 429 with Retry-After, and this body. The password was not checked.
 */
export const ACCOUNT_LOCKED_CODE = 'ACCOUNT_LOCKED';
export type AccountLockedRefusal = { code: typeof ACCOUNT_LOCKED_CODE; message: string; retryAfterSeconds: number };

/**
 * The `code` better-auth answers with when the sign-up policy refuses an account. The message stays
 * English (the API's language); the join form shows its own text for each code.
 */
export const SIGNUP_REFUSAL_CODES = {
  invalidAccessCode: 'INVALID_ACCESS_CODE',
  accessCodeRequired: 'ACCESS_CODE_REQUIRED',
  inviteOnly: 'INVITE_ONLY',
  invitationInvalid: 'INVITATION_INVALID',
  lookupFailed: 'ACCESS_CODE_CHECK_FAILED',
} as const;
export type SignupRefusalCode = (typeof SIGNUP_REFUSAL_CODES)[keyof typeof SIGNUP_REFUSAL_CODES];
/** A refused sign-up as better-auth's error body carries it. */
export type SignUpRefusal = { code: SignupRefusalCode; message: string };
