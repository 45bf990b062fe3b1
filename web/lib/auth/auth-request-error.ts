/** An error as better-auth's client returns it: its code (when it has one), English message and HTTP status. */
export type AuthClientError = {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
  /** Sent with ACCOUNT_LOCKED (429): when the account takes attempts again. */
  retryAfterSeconds?: number | undefined;
  /** Sent with FORBIDDEN_ORIGIN (403): the address the server takes sign-ins at. */
  origin?: string | undefined;
};

/** A refused auth call, thrown so that mutations (and forms) see better-auth's `{ error }` answers as failures. */
export class AuthRequestError extends Error {
  readonly code: string | undefined;
  readonly status: number | undefined;
  /** The provider's own (English) message, if it sent one. */
  readonly providerMessage: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly origin: string | undefined;

  constructor(error: AuthClientError) {
    super(error.message || `Auth request failed (${error.status ?? 'no status'})`);
    this.name = 'AuthRequestError';
    this.code = error.code;
    this.status = error.status;
    this.providerMessage = error.message || undefined;
    this.retryAfterSeconds = typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : undefined;
    this.origin = typeof error.origin === 'string' ? error.origin : undefined;
  }
}
