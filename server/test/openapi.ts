import { EXPORT_CONTENT_TYPES } from '@core/contracts';
import type { TestApp, TestUser } from './test-app';

/*
 * The API as its OpenAPI document describes it, for the tests that must reach every endpoint (the
 * authorization matrix, the fuzz, the HTTP isolation test): they read the operations from the
 * document so that a new route cannot hide, and call them the same way.
 */

/** The part of JSON Schema our contracts produce (zod -> OpenAPI 3.1). */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema };

export type Operation = {
  /** "METHOD /path/{param}", as the document names it. */
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body: JsonSchema | null;
  /** Every media type the request body may have (application/json, image/png, ...). */
  contentTypes: string[];
};

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

type Document = {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
};

/** Every operation of GET /api/openapi.json, in the document's order. */
export async function readOperations(t: TestApp): Promise<Operation[]> {
  const doc = (await (await t.request('/api/openapi.json')).json()) as Document;
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        contentTypes: Object.keys(operation.requestBody?.content ?? {}),
      })),
  );
}

/** Hono's own route table: every handler actually mounted under /api/v1, as "METHOD /path/:param". */
export function findMountedRoutes(t: TestApp): string[] {
  return [...new Set(t.app.routes.filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/')).map((r) => `${r.method} ${r.path}`))];
}

/** "GET /api/v1/x/{id}" -> "GET /api/v1/x/:id" (Hono's syntax). */
export const toHonoPath = (key: string) => key.replace(/\{(\w+)\}/g, ':$1');

/**
 * A path template with its parameters filled in. Values are URL-encoded unless `raw` (a fuzz
 * sends "%00" or "../" exactly as an attacker would type them).
 */
export function fillPath(template: string, params: Record<string, string> = {}, options: { raw?: boolean } = {}): string {
  return template.replace(/\{(\w+)\}|:(\w+)/g, (_, a: string | undefined, b: string | undefined) => {
    const name = (a ?? b)!;
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} in ${template}`);
    return options.raw ? value : encodeURIComponent(value);
  });
}

/** What one call sends: path parameters, query string (without "?"), a JSON or raw body, headers. */
export type Call = {
  params?: Record<string, string>;
  query?: string;
  json?: unknown;
  /** A raw body, sent as is with the headers given (content-type included). */
  body?: string | Uint8Array;
  headers?: Record<string, string>;
};

/** An answer as a test reads it: the status, the content type, the text and (when JSON) the parsed body. */
export type Answer = { status: number; contentType: string; text: string; body: unknown };

/**
 * Sends one request and reads the whole answer. An event stream never ends on success: its
 * headers are the answer, and the body is cancelled at once (the stream's slot is freed).
 */
export async function sendRequest(
  t: TestApp,
  method: string,
  path: string,
  init: { as?: TestUser | null; json?: unknown; body?: string | Uint8Array; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await t.request(path, {
    method,
    as: init.as,
    json: init.json,
    body: init.body as RequestInit['body'],
    headers: init.headers,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, contentType, text: '', body: null };
  }
  if (contentType.startsWith('image/') || contentType.startsWith(EXPORT_CONTENT_TYPES.xlsx)) {
    // A picture (avatars) or a workbook (exports): compressed bytes, whose size is all a test reads;
    // searched as text they would only show chance matches. An export's cells are read back in its
    // own tests (server/modules/exports/exports.engines.test.ts); CSV exports stay text here.
    const bytes = (await response.arrayBuffer()).byteLength;
    return { status: response.status, contentType, text: '', body: `${bytes} bytes` };
  }
  const text = await response.text();
  let body: unknown = text;
  if (contentType.includes('json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text; // a JSON content type over text that is not JSON: the caller's checks say so
    }
  }
  return { status: response.status, contentType, text, body };
}

/** Sends a call to an operation ("METHOD /path/{param}"). */
export function callOperation(
  t: TestApp,
  key: string,
  call: Call,
  as: TestUser | null,
  options: { rawPath?: boolean } = {},
): Promise<Answer> {
  const [method, template] = key.split(' ') as [string, string];
  const path = fillPath(template, call.params, { raw: options.rawPath }) + (call.query ? `?${call.query}` : '');
  return sendRequest(t, method, path, { as, json: call.json, body: call.body, headers: call.headers });
}

/** True when `body` is the one error shape: `{ error: { code, message, details? } }` and nothing else. */
export function isErrorShape(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') return false;
  const error = (body as { error: unknown }).error;
  if (!error || typeof error !== 'object' || Array.isArray(error)) return false;
  const { code, message, details, ...rest } = error as Record<string, unknown>;
  if (typeof code !== 'string' || code === '' || typeof message !== 'string' || message === '') return false;
  if (Object.keys(rest).length > 0) return false;
  if (details === undefined) return true;
  return !!details && typeof details === 'object' && !Array.isArray(details) && Object.values(details).every((v) => typeof v === 'string');
}
