import { ApiRequestError } from '@web/lib/api';

/**
 * The server's reason for a failure ("E-mail logging is turned off..."), shown under the spec's
 * toast text, in the reader's language (apiFetch words it: web/lib/api.ts, describeApiError). A
 * network failure has no reason beyond the toast itself.
 */
export function describeErrorReason(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError) || !error.message) return undefined;
  if (error.status === 0) return undefined;
  return error.message;
}
