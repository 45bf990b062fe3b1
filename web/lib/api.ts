import type { ApiError } from '@core/contracts';
import i18next from 'i18next';

/** The language on the screen, for mails the server sends (server/mail/templates.ts reads it). */
export const UI_LANGUAGE_HEADER = 'x-dealboard-language';

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

type ApiOptions = Omit<RequestInit, 'body'> & {
  json?: unknown;
  /** Raw bytes (a picture upload), sent with the file's own type as the Content-Type. */
  file?: Blob;
  query?: Record<string, string | number | undefined>;
};

/**
 * Fetches `/api/v1{path}` with the session cookie and returns the parsed JSON. Non-2xx answers
 * throw ApiRequestError carrying the server's `{ error: { code, message, details } }`.
 */
export async function apiFetch<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { json, file, query, headers, ...rest } = options;
  const url = new URL(`/api/v1${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  const init: RequestInit = { credentials: 'same-origin', ...rest, headers: new Headers(headers) };
  // Mails the server sends for this request (a magic link) speak the language on the screen.
  if (i18next.language) (init.headers as Headers).set(UI_LANGUAGE_HEADER, i18next.language);
  if (json !== undefined) {
    (init.headers as Headers).set('content-type', 'application/json');
    init.body = JSON.stringify(json);
  } else if (file) {
    (init.headers as Headers).set('content-type', file.type);
    init.body = file;
  }
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch {
    throw new ApiRequestError(0, 'network', describeApiError('network', 0));
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => null)) as (ApiError & T) | null;
  if (!response.ok) {
    const error = body && 'error' in body ? body.error : null;
    const code = error?.code ?? 'http_error';
    throw new ApiRequestError(response.status, code, describeApiError(code, response.status, error?.message), error?.details);
  }
  return body as T;
}

/**
 * The words a person sees for a refusal. The server speaks English: English screens show its own,
 * most specific message; Norwegian screens show the catalog's text for the error code (common.json,
 * apiErrors), so no English sentence reaches a Norwegian user. Unknown codes get a generic text.
 */
export function describeApiError(code: string, status: number, serverMessage?: string): string {
  const isNorwegian = i18next.language?.startsWith('nb') ?? false;
  if (serverMessage && !isNorwegian) return serverMessage;
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
