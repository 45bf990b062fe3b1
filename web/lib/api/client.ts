import { UI_LANGUAGE_HEADER } from '@core/contracts/constants';
import i18next from 'i18next';
import createClient, { type MaybeOptionalInit } from 'openapi-fetch';
import { networkError, toApiRequestError } from './errors';
import type { paths } from './schema';

/*
 * The one way the web calls the API: openapi-fetch, typed by web/lib/api/schema.d.ts (generated
 * from the routes by `npm run api:generate`), wrapped so that a call answers its data or throws an
 * ApiRequestError, as every screen expects. A path, parameter, body or answer the routes do not
 * have does not type-check. Decision 031.
 */

/** The language on the screen, for mails the server sends (server/mail/templates.ts reads it). */
export { UI_LANGUAGE_HEADER };

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';

/** The API's paths that answer `method`, e.g. ApiPath<'get'> includes '/api/v1/me'. */
export type ApiPath<M extends Method> = { [P in keyof paths]: paths[P] extends Record<M, object> ? P : never }[keyof paths];

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The options argument, required when the operation has required parameters or a body. */
type InitArgs<Init> = RequiredKeys<Init> extends never ? [init?: Init] : [init: Init];
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
/** What a successful call answers, as the route declares it (null included where it may be null). */
type Answer<Operation> = Operation extends { responses: infer Responses }
  ? {
      [S in keyof Responses & SuccessStatus]: Responses[S] extends { content: infer Content } ? Content[keyof Content] : undefined;
    }[keyof Responses & SuccessStatus]
  : never;

type Call<M extends Method> = <P extends ApiPath<M>, Init extends MaybeOptionalInit<paths[P], M>>(
  path: P,
  ...init: InitArgs<Init>
) => Promise<Answer<paths[P][M]>>;

/**
 * Sends each request with the session cookie (same-origin, unless a call says otherwise: a display
 * link's board omits it) and the screen's language; a fetch that fails outright is a network error.
 * The global fetch is looked up per call, so the web tests answer through their stubbed fetch.
 */
async function send(request: Request): Promise<Response> {
  // Mails the server sends for this request (a magic link) speak the language on the screen.
  if (i18next.language) request.headers.set(UI_LANGUAGE_HEADER, i18next.language);
  try {
    return await fetch(request);
  } catch {
    throw networkError();
  }
}

/** Query values as URLSearchParams writes them; absent and empty ones are left out. */
function serializeQuery(query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  return search.toString();
}

const client = createClient<paths>({
  credentials: 'same-origin',
  fetch: send,
  querySerializer: serializeQuery,
  // Raw bodies (a picture) and forms (a spreadsheet upload) go as they are, with their own type; everything else is JSON.
  bodySerializer: (body: unknown) => (body instanceof Blob || body instanceof FormData ? body : JSON.stringify(body)),
});

type Outcome = { data?: unknown; error?: unknown; response: Response };

async function unwrap(pending: Promise<Outcome>): Promise<unknown> {
  const { data, error, response } = await pending;
  if (!response.ok) throw toApiRequestError(response.status, error);
  return data;
}

function call<M extends Method>(method: M): Call<M> {
  const request = client.request as (method: M, path: string, init?: object) => Promise<Outcome>;
  // The page's own origin, read per call (as a link would resolve it).
  return ((path: string, init?: object) => unwrap(request(method, path, { baseUrl: window.location.origin, ...init }))) as Call<M>;
}

/** `await api.GET('/api/v1/me')`: the answer's data, or an ApiRequestError. */
export const api = {
  GET: call('get'),
  POST: call('post'),
  PUT: call('put'),
  PATCH: call('patch'),
  DELETE: call('delete'),
};

/** The query parameters a GET endpoint takes, as its route declares them. */
export type ApiQuery<P extends ApiPath<'get'>> = NonNullable<paths[P]['get']['parameters']['query']>;

/** A file an endpoint answers, with the name the server gives it (or null). */
export type ApiFile = { blob: Blob; fileName: string | null };

/**
 * A file from a GET endpoint (a personal-data export): its bytes and the name the server's
 * Content-Disposition gives it, or an ApiRequestError like any call.
 */
export async function fetchApiFile<P extends ApiPath<'get'>, Init extends MaybeOptionalInit<paths[P], 'get'>>(
  path: P,
  ...init: InitArgs<Init>
): Promise<ApiFile> {
  const get = client.GET as (path: string, init?: object) => Promise<Outcome>;
  const outcome = await get(path, { baseUrl: window.location.origin, ...init[0], parseAs: 'blob' });
  if (!outcome.response.ok) throw toApiRequestError(outcome.response.status, outcome.error);
  return { blob: outcome.data as Blob, fileName: readAttachmentName(outcome.response.headers.get('content-disposition')) };
}

/**
 * The file name a Content-Disposition header gives: the UTF-8 `filename*` when there is one (an
 * export of "Ærlig Salg AS" keeps its Æ), else the ASCII `filename`, else null.
 */
export function readAttachmentName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed percent-encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]+)"/.exec(header)?.[1] ?? null;
}
