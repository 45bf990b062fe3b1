import { ApiRequestError } from '@web/lib/api';

/**
 * The server's own reason for a failure ("E-mail logging is turned off..."), shown under the
 * spec's toast text. Server messages are English, so Norwegian screens keep to their own words.
 */
export function describeErrorReason(error: unknown, language: string): string | undefined {
  if (!(error instanceof ApiRequestError) || !error.message) return undefined;
  if (error.status === 0) return undefined;
  return language.startsWith('en') ? error.message : undefined;
}
