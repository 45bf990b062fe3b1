import {
  AVATAR_UPLOAD_MAX_BYTES,
  IMPORT_UPLOAD_MAX_BYTES,
  isStorableText,
  SignUpRequestSchema,
  UNSTORABLE_TEXT_MESSAGE,
} from '@core/contracts';
import { FORBIDDEN_ORIGIN_CODE } from '@core/contracts/constants';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { chooseRequestLanguage } from './field-messages';
import { formatZodError } from './http';

/*
 * The edges every request crosses before any handler sees it (docs/security.md, decision 024):
 * a foreign page cannot act with our cookie, no body is read past its limit, and better-auth's
 * endpoints get the same input rules as ours.
 */

/** A JSON API's largest honest body (a wrap-up of two 4,000-character texts) fits many times. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** Paths whose bodies are files, with their own (larger) limit; each route checks it again. */
const LARGER_BODY_LIMITS: Record<string, number> = {
  '/api/v1/me/avatar': AVATAR_UPLOAD_MAX_BYTES,
  '/api/v1/imports': IMPORT_UPLOAD_MAX_BYTES,
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const refuse = (c: Context<AppEnv>, status: 400 | 403 | 404 | 413, code: string, message: string, details?: Record<string, string>) =>
  c.json({ error: { code, message, ...(details ? { details } : {}) } }, status);

/**
 * Unsafe methods from another site are refused: a request whose Origin is present and is not
 * PUBLIC_URL (or, without Origin, that the browser marks cross-site) never reaches a handler, so a
 * page elsewhere cannot post with a member's cookie, whatever SameSite and CORS preflight do.
 * Requests with neither header (curl, server-to-server) carry no browser's cookie and pass.
 * A call to /api/v1 that authenticates with `Authorization: Bearer` passes too: a page elsewhere
 * cannot make a browser send that header (it needs a CORS preflight we never grant), and a token is
 * not something a browser holds for us (decision 035). One that also carries the session cookie is
 * refused by the session's middleware (loadCaller) before any handler runs.
 */
export const refuseForeignOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (!UNSAFE_METHODS.has(c.req.method)) return next();
  if (isBearerCall(c)) return next();
  const allowed = new URL(c.get('deps').config.publicUrl).origin;
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  // A form our own page posts says `Origin: null` (our Referrer-Policy is no-referrer, and the Fetch
  // standard then hides a navigation's origin); the browser's own Sec-Fetch-Site still says where it
  // came from, and no page can set it. An opaque origin from anywhere else stays refused.
  const foreign = origin === 'null' ? site !== 'same-origin' : origin !== undefined ? origin !== allowed : site === 'cross-site';
  if (!foreign) return next();
  const message = `Requests that change data must come from ${allowed}.`;
  // An auth call answers in better-auth's shape, whose client reads the code at the top of the body:
  // the sign-in screens then say where to sign in instead of "An unexpected error occurred" (a page
  // opened at another address of the same server, such as its IP).
  if (c.req.path.startsWith('/api/auth/')) return c.json({ code: FORBIDDEN_ORIGIN_CODE, message, origin: allowed }, 403);
  return refuse(c, 403, 'forbidden_origin', message);
});

function isBearerCall(c: Context<AppEnv>): boolean {
  return c.req.path.startsWith('/api/v1/') && /^Bearer /i.test(c.req.header('authorization') ?? '');
}

/**
 * Bodies are limited before anything parses them: a declared length over the limit is refused at
 * once; a streamed body is counted and cut off at the limit (hono's bodyLimit does both).
 */
export const limitRequestBody = createMiddleware<AppEnv>(async (c, next) => {
  // No route reads the body of these; and asking for `raw.body` makes the Node adapter build a full
  // web Request with a stream, a tenth of a small request's CPU (docs/performance.md).
  if (!UNSAFE_METHODS.has(c.req.method)) return next();
  // An inbound source's URL reads its body to the same limit itself, so that a payload too large is
  // kept in the source's log with its reason (decision 120), not refused before anyone sees it.
  if (c.req.path.startsWith('/api/v1/inbound/')) return next();
  const maxSize = LARGER_BODY_LIMITS[c.req.path] ?? JSON_BODY_LIMIT_BYTES;
  // A declared length within the limit needs no counting: Node's parser never reads past it.
  const declared = c.req.header('content-length');
  if (declared !== undefined && /^\d{1,10}$/.test(declared) && Number(declared) <= maxSize) return next();
  if (!c.req.raw.body) return next();
  return bodyLimit({
    maxSize,
    onError: (ctx) =>
      refuse(ctx as Context<AppEnv>, 413, 'payload_too_large', `The request body is larger than ${Math.round(maxSize / 1024)} KB.`),
  })(c, next);
});

/**
 * better-auth endpoints the app uses, under /api/auth ("{token}" is one path segment); the rest of
 * its API (update-user, list-sessions, ...) is closed. The API fuzz calls each of these.
 */
export const AUTH_ENDPOINTS = {
  POST: [
    'sign-in/email',
    'sign-up/email',
    'sign-out',
    'sign-in/magic-link',
    'request-password-reset',
    'reset-password',
    'send-verification-email',
    'change-password',
  ],
  GET: ['get-session', 'verify-email', 'reset-password/{token}', 'magic-link/verify', 'error', 'ok'],
} as const satisfies Record<string, readonly string[]>;

const AUTH_ENDPOINT_PATTERNS: Record<string, RegExp> = Object.fromEntries(
  Object.entries(AUTH_ENDPOINTS).map(([method, paths]) => [
    method,
    new RegExp(`^/api/auth/(${paths.map((path) => path.replace(/\{\w+\}/g, '[^/]+')).join('|')})$`),
  ]),
);

type Visit = { value: unknown; key: string | null; parent: Visit | null };

const pathOf = (visit: Visit): string[] => {
  const path: string[] = [];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) path.unshift(at.key);
  return path;
};

/**
 * The first text in a JSON value PostgreSQL could not store, as a field path. Walked with a list,
 * not recursion: a body of 64 KB nests 30,000 levels deep, past the call stack.
 */
export function findUnstorableField(json: unknown): string | null {
  const pending: Visit[] = [{ value: json, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return pathOf(visit).join('.') || '_';
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push({ value: value[i], key: String(i), parent: visit });
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) if (!isStorableText(key)) return [...pathOf(visit), '_'].join('.');
      for (let i = entries.length - 1; i >= 0; i--) pending.push({ value: entries[i]![1], key: entries[i]![0], parent: visit });
    }
  }
  return null;
}

/** Where better-auth sends the browser afterwards: query parameters or body fields of its endpoints. */
const REDIRECT_FIELDS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'];
const NOT_OUR_PAGE_MESSAGE = 'Must be a page of this site (a path starting with /)';

/**
 * A page of this site: a path ("/app", "/auth/callback?invite_code=x") or a URL on PUBLIC_URL.
 * better-auth makes a URL of it with no base (a bare word made it throw: a 500), and another
 * site's address would be an open redirect.
 */
function isOwnPage(value: string, publicUrl: string): boolean {
  const origin = new URL(publicUrl).origin;
  if (
    !(value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) &&
    !value.startsWith(`${origin}/`) &&
    value !== origin
  )
    return false;
  try {
    return new URL(value, origin).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Checks a request for better-auth as our own routes are checked: only the endpoints the app
 * uses, JSON that parses, text that can be stored, and a sign-up name within the display-name cap
 * (it lands in the confirmation mail). Returns the body to forward, or the refusal.
 */
export async function checkAuthRequest(c: Context<AppEnv>): Promise<{ body: string | null } | Response> {
  const pattern = AUTH_ENDPOINT_PATTERNS[c.req.method];
  if (!pattern?.test(c.req.path)) return refuse(c, 404, 'not_found', `No endpoint ${c.req.method} ${c.req.path}`);
  const publicUrl = c.get('deps').config.publicUrl;
  const url = new URL(c.req.url);
  for (const [key, value] of url.searchParams) {
    if (!isStorableText(key) || !isStorableText(value))
      return refuse(c, 400, 'invalid_input', `${key}: ${UNSTORABLE_TEXT_MESSAGE}`, { [key]: UNSTORABLE_TEXT_MESSAGE });
    if (REDIRECT_FIELDS.includes(key) && !isOwnPage(value, publicUrl))
      return refuse(c, 400, 'invalid_input', `${key}: ${NOT_OUR_PAGE_MESSAGE}`, { [key]: NOT_OUR_PAGE_MESSAGE });
  }
  if (c.req.method !== 'POST') return { body: null };
  const raw = await c.req.text();
  if (raw.trim() === '') return { body: raw };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return refuse(c, 400, 'invalid_json', 'The request body is not valid JSON.');
  }
  const field = findUnstorableField(json);
  if (field) return refuse(c, 400, 'invalid_input', `${field}: ${UNSTORABLE_TEXT_MESSAGE}`, { [field]: UNSTORABLE_TEXT_MESSAGE });
  if (json && typeof json === 'object' && !Array.isArray(json)) {
    for (const key of REDIRECT_FIELDS) {
      const value = (json as Record<string, unknown>)[key];
      if (typeof value === 'string' && !isOwnPage(value, publicUrl))
        return refuse(c, 400, 'invalid_input', `${key}: ${NOT_OUR_PAGE_MESSAGE}`, { [key]: NOT_OUR_PAGE_MESSAGE });
    }
  }
  if (c.req.path === '/api/auth/sign-up/email') {
    const parsed = SignUpRequestSchema.safeParse(json);
    if (!parsed.success) {
      const { message, details } = formatZodError(parsed.error, chooseRequestLanguage(c.req.raw.headers));
      return refuse(c, 400, 'invalid_input', message, details);
    }
  }
  return { body: raw };
}
