import { type ApiTokenScope, ApiTokenScopeSchema, normalizeRole } from '@core/contracts';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import { readSession, sessionCookieName } from '../../auth/auth';
import { runInStatementPhase } from '../../db/client';
import type { Actor, AppEnv } from '../../context';
import { hashApiToken, isApiTokenShape } from '../../lib/api-token';
import { forbidden, HttpError, unauthorized } from '../../lib/http';
import { countRateLimitAttempt, type RateLimitState } from '../../lib/rate-limit';
import type { CachedMembership, CachedSession } from './actor-cache';
import { type CallerFacts, createCallerCheck } from './caller-check';
import { findActiveMembershipBrief, findApiTokenActor, noteApiTokenUse } from './session.repository';
import { toUserId, type UserId } from '../../db/tenant';

/**
 * Reads the better-auth session cookie; sets `user` (or null). Never refuses. A session this
 * instance has already verified costs no database statement (the actor cache, decision 028).
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, actors, config, realtime } = c.get('deps');
  c.set('token', null);
  c.set('tokenScope', null);
  // The very cookie better-auth will verify (not a look-alike name): the key of what it finds.
  const key = getCookie(c, sessionCookieName(config));
  c.set('sessionKey', null);
  if (!key) {
    c.set('user', null);
    return next();
  }
  // What this instance remembers is trusted only once it has heard every change committed before
  // this request, on any instance (a sign-out, a removal, a role): one shared round trip on the
  // LISTEN connection, not a lookup (decision 028); or, on a route that confirms its caller in its
  // first statement, that statement's identity version (decision 096).
  const remembered = actors.get(key);
  const confirmLater = remembered !== null && confirmsCallerInTransaction(c);
  const cached = confirmLater ? remembered : remembered && (await realtime.catchUp()) ? actors.get(key) : undefined;
  if (cached) {
    c.set('user', cached.user);
    c.set('sessionKey', key);
    if (confirmLater) c.set('callerToConfirm', cached);
    return next();
  }
  const since = actors.begin();
  const session = await runInStatementPhase('signed-in', () => readSession(auth, c.req.raw.headers));
  if (!session) {
    c.set('user', null);
    return next();
  }
  const user = {
    id: toUserId(session.user.id),
    email: session.user.email,
    name: session.user.name,
    image: session.user.image ?? null,
    emailVerified: session.user.emailVerified,
    locale: session.user.locale ?? null,
  };
  actors.store(key, { user, membership: undefined, sessionExpiresAt: new Date(session.session.expiresAt).getTime() }, since);
  c.set('user', user);
  c.set('sessionKey', key);
  await next();
});

// ---- personal access tokens (decision 035) ---------------------------------------------------------

/**
 * The fixed window of the per-member token limit; API_TOKEN_RATE_LIMIT requests fit in each,
 * whichever of the member's tokens makes them (a member with 25 tokens has one budget, not 25).
 */
const TOKEN_RATE_WINDOW_SECONDS = 60;

/** How often a token's last use is written at most. */
const TOKEN_USE_NOTE_MS = 60_000;

/** The scope checks made by requireScope: a route whose handlers include one accepts tokens. */
const scopeChecks = new WeakMap<object, ApiTokenScope>();
/** The routes for tokens of any scope (requireAnyToken): each of their own requests checks its scope. */
const anyTokenChecks = new WeakSet<object>();

/** RFC 6750's challenge, on every 401 and 403 a token gets. */
function challenge(c: Context<AppEnv>, error: 'invalid_request' | 'invalid_token' | 'insufficient_scope', extra = ''): void {
  c.header('WWW-Authenticate', `Bearer realm="${c.get('deps').config.BRAND_NAME} API", error="${error}"${extra}`);
}

function invalidToken(c: Context<AppEnv>, message: string): HttpError {
  challenge(c, 'invalid_token');
  return new HttpError(401, 'invalid_token', message);
}

/** `Authorization: Bearer <token>` (the scheme in any case, one or more spaces), or null. */
function readBearerToken(header: string): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match && isApiTokenShape(match[1]!) ? match[1]! : null;
}

/**
 * True when the route matched for this request declared a token scope (requireScope among its
 * handlers). Every other route, public ones included, refuses tokens before anything runs.
 */
function acceptsTokens(c: Context<AppEnv>): boolean {
  return matchedRoutes(c).some((route) => {
    const handler = route.handler as { __COMPOSED_HANDLER?: object };
    const accepts = (check: object) => scopeChecks.has(check) || anyTokenChecks.has(check);
    return accepts(route.handler) || (handler.__COMPOSED_HANDLER !== undefined && accepts(handler.__COMPOSED_HANDLER));
  });
}

/**
 * True when an endpoint matched this request's method and path: not only middleware and the /api/*
 * fallback (registered for every method, 'ALL') or the web app's GET /* pages (a wildcard path).
 */
function matchesAnEndpoint(c: Context<AppEnv>): boolean {
  return matchedRoutes(c).some((route) => route.method !== 'ALL' && !route.path.endsWith('*'));
}

/** The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers), on every answer to a token. */
function setRateLimitHeaders(c: Context<AppEnv>, state: RateLimitState, now: Date): number {
  const resetSeconds = Math.max(0, Math.ceil((state.resetsAt - now.getTime()) / 1000));
  c.header('RateLimit-Limit', String(state.max));
  c.header('RateLimit-Remaining', String(Math.max(0, state.max - state.count)));
  c.header('RateLimit-Reset', String(resetSeconds));
  c.header('RateLimit-Policy', `${state.max};w=${TOKEN_RATE_WINDOW_SECONDS}`);
  return resetSeconds;
}

/** The token's entry in the actor cache, or a lookup that is then cached; null when no such token. */
async function findTokenEntry(c: Context<AppEnv>, tokenHash: string): Promise<CachedSession | 'not_found' | 'not_a_member'> {
  const { actors, database, realtime } = c.get('deps');
  const key = `token:${tokenHash}`;
  // As for cookies: a remembered token is trusted once every change committed before this request
  // (a revocation, a removal, a demotion, on any instance) has been heard, or once the route's
  // first statement confirms it (decision 096).
  const remembered = actors.get(key);
  const confirmLater = remembered !== null && confirmsCallerInTransaction(c);
  const cached = confirmLater ? remembered : remembered && (await realtime.catchUp()) ? actors.get(key) : null;
  if (cached?.token) {
    if (confirmLater) c.set('callerToConfirm', cached);
    return cached;
  }
  const since = actors.begin();
  const found = await runInStatementPhase('signed-in', () => findApiTokenActor(database.db, tokenHash));
  if (!found) return 'not_found';
  if (found.role === null) return 'not_a_member';
  const scopes = found.scopes.filter((scope): scope is ApiTokenScope => ApiTokenScopeSchema.safeParse(scope).success);
  return actors.store(
    key,
    {
      user: {
        id: found.userId,
        email: found.email,
        name: found.name,
        image: found.image,
        emailVerified: found.emailVerified,
        locale: found.locale,
      },
      membership: { companyId: found.companyId, role: normalizeRole(found.role), timezone: found.timezone },
      sessionExpiresAt: found.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
      token: { id: found.tokenId, scopes, lastUsedAt: found.lastUsedAt?.getTime() ?? null },
    },
    since,
  );
}

/**
 * A request with `Authorization`: a personal access token, acting as its member in its company
 * (decision 035). Refused with 401 when the token is malformed, unknown, revoked or expired, or its
 * member is no longer one; 400 when a session cookie comes with it (never both); 429 past the
 * member's token limit; 403 on a route that does not accept tokens. Counted against the limit
 * before the route runs, with the RateLimit headers on every answer.
 */
async function loadToken(c: Context<AppEnv>, next: () => Promise<void>, authorization: string): Promise<void> {
  const { config, database, now } = c.get('deps');
  c.set('sessionKey', null);
  c.set('user', null);
  if (getCookie(c, sessionCookieName(config)) !== undefined) {
    challenge(c, 'invalid_request');
    throw new HttpError(400, 'mixed_credentials', 'Send a personal access token or a session cookie, not both.');
  }
  const secret = readBearerToken(authorization);
  if (!secret) throw invalidToken(c, 'Send a personal access token as "Authorization: Bearer dbp_...".');
  const tokenHash = hashApiToken(secret);
  const entry = await findTokenEntry(c, tokenHash);
  if (entry === 'not_found') throw invalidToken(c, 'This token is not valid: it was revoked, or it never existed.');
  if (entry === 'not_a_member') throw invalidToken(c, "This token's owner is no longer a member of the company.");
  const at = now();
  if (entry.sessionExpiresAt <= at.getTime()) {
    throw invalidToken(c, `This token expired on ${new Date(entry.sessionExpiresAt).toISOString()}. Make a new one in Settings.`);
  }
  const token = entry.token!;
  const membership = entry.membership!;

  // One statement per call, shared by every instance (app_rate_limits), one count per member
  // whichever of their tokens calls.
  const limit = await runInStatementPhase('signed-in', () =>
    countRateLimitAttempt(database.db, {
      key: `api-tokens-of:${membership.companyId}:${entry.user.id}`,
      max: config.API_TOKEN_RATE_LIMIT,
      windowSeconds: TOKEN_RATE_WINDOW_SECONDS,
      now: at,
    }),
  );
  const resetSeconds = setRateLimitHeaders(c, limit, at);
  if (!limit.allowed) {
    c.header('Retry-After', String(Math.max(1, resetSeconds)));
    throw new HttpError(
      429,
      'rate_limited',
      `Your tokens made more than ${limit.max} requests in ${TOKEN_RATE_WINDOW_SECONDS} seconds (the limit is shared by all of a member's tokens). Try again in ${Math.max(1, resetSeconds)} seconds.`,
    );
  }
  // Last used, written at most once a minute per token: the remembered entry carries when this
  // instance last wrote it (or what the database said when it was read).
  if (token.lastUsedAt === null || at.getTime() - token.lastUsedAt >= TOKEN_USE_NOTE_MS) {
    token.lastUsedAt = at.getTime();
    await runInStatementPhase('signed-in', () => noteApiTokenUse(database.db, { tokenId: token.id, companyId: membership.companyId, at }));
  }
  if (!matchesAnEndpoint(c)) {
    // Nothing is here to refuse the token for: the same 404 a cookie or no credential gets.
    throw new HttpError(404, 'not_found', `No endpoint ${c.req.method} ${c.req.path}`);
  }
  if (!acceptsTokens(c)) {
    throw new HttpError(
      403,
      'token_not_accepted',
      'This endpoint does not accept personal access tokens: it is for the signed-in web app. See /api/docs for the ones that do.',
    );
  }
  c.set('user', entry.user);
  const actor: Actor = { userId: entry.user.id, ...membership };
  if (c.get('callerToConfirm') === entry) {
    actor.caller = createCallerCheck({
      actors: c.get('deps').actors,
      catchUp: () => c.get('deps').realtime.catchUp(),
      key: `token:${tokenHash}`,
      entry,
      facts: { ...actor, scopes: token.scopes },
      reload: () => reloadTokenCaller(c, tokenHash),
    });
  }
  c.set('token', { tokenId: token.id, scopes: token.scopes, actor });
  await next();
}

/** A token's member afresh (decision 096's settle): 401 when the token or its member is gone. */
async function reloadTokenCaller(c: Context<AppEnv>, tokenHash: string): Promise<CallerFacts> {
  const found = await runInStatementPhase('signed-in', () => findApiTokenActor(c.get('deps').database.db, tokenHash));
  if (!found) throw invalidToken(c, 'This token is not valid: it was revoked, or it never existed.');
  if (found.role === null) throw invalidToken(c, "This token's owner is no longer a member of the company.");
  const scopes = found.scopes.filter((scope): scope is ApiTokenScope => ApiTokenScopeSchema.safeParse(scope).success);
  return { userId: found.userId, companyId: found.companyId, role: normalizeRole(found.role), timezone: found.timezone, scopes };
}

/** The session's member afresh (decision 096's settle): 401 when signed out, 403 when no longer a member. */
async function reloadSessionCaller(c: Context<AppEnv>): Promise<CallerFacts> {
  const { auth, database } = c.get('deps');
  const session = await runInStatementPhase('signed-in', () => readSession(auth, c.req.raw.headers));
  if (!session) throw unauthorized();
  const userId = toUserId(session.user.id);
  const found = await runInStatementPhase('signed-in', () => findActiveMembershipBrief(database.db, userId));
  if (!found) throw new HttpError(403, 'no_company', 'You are not a member of a company yet.');
  return { userId, companyId: found.companyId, role: normalizeRole(found.role), timezone: found.timezone };
}

/** The marks of confirmsCallerInTransaction (a route whose handlers include it confirms there). */
const callerConfirmers = new WeakSet<object>();

/**
 * Marks a route whose first database statement runs in a scope made from the request's actor
 * (memberScopeOf): a caller the signed-in cache remembers is then confirmed by that statement's
 * identity version instead of a round trip before the route (decision 096). Put it after
 * requireMember, which gives the actor the check.
 */
export const confirmCallerInTransaction = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('callerToConfirm') && !c.get('actor')?.caller) {
    throw new Error('confirmCallerInTransaction needs requireMember before it: nothing would confirm the caller');
  }
  await next();
});
callerConfirmers.add(confirmCallerInTransaction);

/** True when the route matched for this request confirms its caller in its first statement. */
function confirmsCallerInTransaction(c: Context<AppEnv>): boolean {
  return matchedRoutes(c).some((route) => {
    const handler = route.handler as { __COMPOSED_HANDLER?: object };
    return (
      callerConfirmers.has(route.handler) || (handler.__COMPOSED_HANDLER !== undefined && callerConfirmers.has(handler.__COMPOSED_HANDLER))
    );
  });
}

/**
 * Who is calling /api/v1: a personal access token (`Authorization: Bearer`) or the session cookie.
 * A request without an Authorization header takes the cookie's path, unchanged (loadSession).
 */
export const loadCaller = createMiddleware<AppEnv>(async (c, next) => {
  c.set('token', null);
  c.set('tokenScope', null);
  const authorization = c.req.header('authorization');
  if (authorization === undefined) return loadSession(c, next);
  return loadToken(c, next, authorization);
});

/**
 * A route's token scope: a request made with a token must hold `scope` (else 403
 * insufficient_scope); a signed-in cookie passes untouched. Use it through tokenRoute, which also
 * documents the scope, so the declaration and the check are one.
 */
export function requireScope(scope: ApiTokenScope): MiddlewareHandler<AppEnv> {
  const check = createMiddleware<AppEnv>(async (c, next) => {
    const token = c.get('token');
    if (token) {
      if (!token.scopes.includes(scope)) {
        challenge(c, 'insufficient_scope', `, scope="${scope}"`);
        throw new HttpError(403, 'insufficient_scope', `This token lacks the ${scope} scope this endpoint needs.`);
      }
      c.set('tokenScope', scope);
    }
    await next();
  });
  scopeChecks.set(check, scope);
  return check;
}

/**
 * A route for personal access tokens only, of any scope (the MCP server, decision 118): what it does
 * it does through the API's own routes, each of which checks its scope. A session cookie or no
 * credential is refused with the Bearer challenge, so a client knows to send a token.
 */
export const requireAnyToken = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('token')) {
    challenge(c, 'invalid_request');
    throw new HttpError(401, 'unauthorized', 'Send a personal access token as "Authorization: Bearer dbp_...". Make one in Settings.');
  }
  await next();
});
anyTokenChecks.add(requireAnyToken);

/** The OpenAPI security schemes (components.securitySchemes in app.ts). */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';
export const BEARER_TOKEN_SCHEME = 'personalAccessToken';

/**
 * The route options of an operation personal access tokens may call with `scope` (decision 035):
 * spread into createRoute. It documents the scope (the operation's `security`: the session cookie,
 * or a token with that scope) and puts the scope check first among the route's middleware. Every
 * operation without it is cookie-only and refuses tokens.
 */
export function tokenRoute<const M extends MiddlewareHandler<AppEnv>[]>(scope: ApiTokenScope, middleware: M) {
  const security: Record<string, string[]>[] = [{ [SESSION_COOKIE_SCHEME]: [] }, { [BEARER_TOKEN_SCHEME]: [scope] }];
  const chain: [MiddlewareHandler<AppEnv>, ...M] = [requireScope(scope), ...middleware];
  return { security, middleware: chain };
}

/** Guards that need a signed-in caller refuse a token the route did not accept (belt and braces to loadCaller's check). */
function refuseUnacceptedToken(c: Context<AppEnv>): void {
  if (c.get('token') && !c.get('tokenScope')) {
    throw new HttpError(403, 'token_not_accepted', 'This endpoint does not accept personal access tokens.');
  }
}

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  refuseUnacceptedToken(c);
  if (!c.get('user')) throw unauthorized();
  await next();
});

/** A signed-in person with an active membership; sets `actor`. A token's actor is its member in its company. */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  refuseUnacceptedToken(c);
  const token = c.get('token');
  if (token) {
    c.set('actor', token.actor);
    return next();
  }
  const user = c.get('user');
  if (!user) throw unauthorized();
  const membership = await findMembership(c, user.id);
  if (!membership) throw new HttpError(403, 'no_company', 'You are not a member of a company yet.');
  const actor: Actor = { userId: user.id, ...membership };
  const remembered = c.get('callerToConfirm');
  if (remembered) {
    actor.caller = createCallerCheck({
      actors: c.get('deps').actors,
      catchUp: () => c.get('deps').realtime.catchUp(),
      key: c.get('sessionKey')!,
      entry: remembered,
      facts: actor,
      reload: () => reloadSessionCaller(c),
    });
  }
  c.set('actor', actor);
  await next();
});

/** The cached membership of the request's session, or a lookup that is then cached. */
async function findMembership(c: Parameters<typeof requireMember>[0], userId: UserId): Promise<CachedMembership> {
  const { actors, database } = c.get('deps');
  const key = c.get('sessionKey');
  const cached = key ? actors.get(key) : null;
  if (cached && cached.membership !== undefined) return cached.membership;
  const since = actors.begin();
  const found = await runInStatementPhase('signed-in', () => findActiveMembershipBrief(database.db, userId));
  const membership: CachedMembership = found ? { ...found, role: normalizeRole(found.role) } : null;
  if (key) actors.storeMembership(key, membership, since);
  return membership;
}

/** The signed-in person (loadSession) as a member acting in their company, or null: signed out, or no company. */
export async function findSignedInActor(c: Parameters<typeof requireMember>[0]): Promise<Actor | null> {
  const user = c.get('user');
  const membership = user ? await findMembership(c, user.id) : null;
  return user && membership ? { userId: user.id, ...membership } : null;
}

/** An admin of their company. The UI hiding a button is never the check; this is. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('actor').role !== 'admin') {
    throw forbidden('Access denied. You need administrator privileges to access this page.');
  }
  await next();
});

/**
 * Marks a write that cannot change who anyone is (logging an activity), so the app skips waiting
 * for this instance to hear its own account changes before answering (see app.ts).
 */
export const leavesAccountsAlone = createMiddleware<AppEnv>(async (c, next) => {
  c.set('accountsUntouched', true);
  await next();
});
