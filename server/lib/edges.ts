import { AVATAR_UPLOAD_MAX_BYTES, isStorableText, SignUpRequestSchema, UNSTORABLE_TEXT_MESSAGE } from '@core/contracts';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
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
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const refuse = (c: Context<AppEnv>, status: 400 | 403 | 404 | 413, code: string, message: string, details?: Record<string, string>) =>
  c.json({ error: { code, message, ...(details ? { details } : {}) } }, status);

/**
 * Unsafe methods from another site are refused: a request whose Origin is present and is not
 * PUBLIC_URL (or, without Origin, that the browser marks cross-site) never reaches a handler, so a
 * page elsewhere cannot post with a member's cookie, whatever SameSite and CORS preflight do.
 * Requests with neither header (curl, server-to-server) carry no browser's cookie and pass.
 */
export const refuseForeignOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (!UNSAFE_METHODS.has(c.req.method)) return next();
  const allowed = new URL(c.get('deps').config.publicUrl).origin;
  const origin = c.req.header('origin');
  const foreign = origin !== undefined ? origin !== allowed : c.req.header('sec-fetch-site') === 'cross-site';
  if (foreign) return refuse(c, 403, 'forbidden_origin', `Requests that change data must come from ${allowed}.`);
  return next();
});

/**
 * Bodies are limited before anything parses them: a declared length over the limit is refused at
 * once; a streamed body is counted and cut off at the limit (hono's bodyLimit does both).
 */
export const limitRequestBody = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.req.raw.body) return next();
  const maxSize = LARGER_BODY_LIMITS[c.req.path] ?? JSON_BODY_LIMIT_BYTES;
  return bodyLimit({
    maxSize,
    onError: (ctx) => refuse(ctx as Context<AppEnv>, 413, 'payload_too_large', `The request body is larger than ${Math.round(maxSize / 1024)} KB.`),
  })(c, next);
});

/** better-auth endpoints the app uses; the rest of its API (update-user, list-sessions, ...) is closed. */
const AUTH_ENDPOINTS: Record<string, RegExp> = {
  POST: /^\/api\/auth\/(sign-in\/email|sign-up\/email|sign-out|sign-in\/magic-link|request-password-reset|reset-password|send-verification-email|change-password)$/,
  GET: /^\/api\/auth\/(get-session|verify-email|reset-password\/[^/]+|magic-link\/verify|error|ok)$/,
};

/** The first text in a JSON value PostgreSQL could not store, as a field path. */
function findUnstorableField(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path.join('.') || '_';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableField(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, '_'].join('.');
      const found = findUnstorableField(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Checks a request for better-auth as our own routes are checked: only the endpoints the app
 * uses, JSON that parses, text that can be stored, and a sign-up name within the display-name cap
 * (it lands in the confirmation mail). Returns the body to forward, or the refusal.
 */
export async function checkAuthRequest(c: Context<AppEnv>): Promise<{ body: string | null } | Response> {
  const pattern = AUTH_ENDPOINTS[c.req.method];
  if (!pattern?.test(c.req.path)) return refuse(c, 404, 'not_found', `No endpoint ${c.req.method} ${c.req.path}`);
  const url = new URL(c.req.url);
  for (const [key, value] of url.searchParams) {
    if (!isStorableText(key) || !isStorableText(value)) return refuse(c, 400, 'invalid_input', `${key}: ${UNSTORABLE_TEXT_MESSAGE}`, { [key]: UNSTORABLE_TEXT_MESSAGE });
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
  if (c.req.path === '/api/auth/sign-up/email') {
    const parsed = SignUpRequestSchema.safeParse(json);
    if (!parsed.success) {
      const { message, details } = formatZodError(parsed.error);
      return refuse(c, 400, 'invalid_input', message, details);
    }
  }
  return { body: raw };
}
