import type { ApiError } from '@core/contracts';
import { LANGUAGES, matchLanguage } from '@core/language';
import i18next from 'i18next';

/** An API failure with the server's message (already human) and field details for forms. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/**
 * The error for a refusal: the server's answer is `{ error: { code, message, details? } }`
 * (core/contracts ApiError); anything else (a proxy's HTML page) still gets the status.
 */
export function toApiRequestError(status: number, body: unknown): ApiRequestError {
  const error = typeof body === 'object' && body !== null && 'error' in body ? (body as Partial<ApiError>).error : undefined;
  const code = error?.code ?? 'http_error';
  return new ApiRequestError(status, code, describeApiError(code, status, error?.message), error?.details);
}

/** The server could not be reached (offline, DNS, a dropped connection). */
export function networkError(): ApiRequestError {
  return new ApiRequestError(0, 'network', describeApiError('network', 0));
}

/**
 * The words a person sees for a refusal. The server speaks English: English screens show its own,
 * most specific message; other screens show the catalog's text for the error code (common.json,
 * apiErrors), so no English sentence reaches a Norwegian, Swedish or Danish user. Unknown codes
 * get a generic text.
 */
export function describeApiError(code: string, status: number, serverMessage?: string): string {
  const isEnglish = (matchLanguage(i18next.language, LANGUAGES) ?? 'en') === 'en';
  if (serverMessage && isEnglish) return serverMessage;
  const key = `common:apiErrors.${code}`;
  return i18next.exists(key) ? i18next.t(key) : i18next.t('common:apiErrors.generic', { status });
}

/**
 * The server's reason for a failure ("E-mail logging is turned off..."), to show under a toast's
 * own text, in the reader's language (describeApiError worded it). A network failure has no reason
 * beyond the toast itself.
 */
export function findErrorReason(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || error.status === 0 || !error.message) return undefined;
  return error.message;
}

/**
 * Puts the server's per-field refusals (`details`) on the form's own fields, so each message shows
 * under the field it is about. Details for fields the form does not have are left to the toast.
 */
export function showFieldRefusals<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setError: (field: Field, error: { message: string }) => void,
): void {
  if (!(error instanceof ApiRequestError) || !error.details) return;
  for (const [field, message] of Object.entries(error.details)) {
    if ((fields as readonly string[]).includes(field)) setError(field as Field, { message });
  }
}
