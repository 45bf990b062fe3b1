import { normalizeRole } from '@core/contracts';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { sessionCookieName } from '../../auth/auth';
import { runInStatementPhase } from '../../db/client';
import type { AppEnv } from '../../context';
import { forbidden, HttpError, unauthorized } from '../../lib/http';
import type { CachedMembership } from './actor-cache';
import { findActiveMembershipBrief } from './session.repository';
import { toUserId, type UserId } from '../../db/tenant';

/**
 * Reads the better-auth session cookie; sets `user` (or null). Never refuses. A session this
 * instance has already verified costs no database statement (the actor cache, decision 028).
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, actors, config, realtime } = c.get('deps');
  // The very cookie better-auth will verify (not a look-alike name): the key of what it finds.
  const key = getCookie(c, sessionCookieName(config));
  c.set('sessionKey', null);
  if (!key) {
    c.set('user', null);
    return next();
  }
  // What this instance remembers is trusted only once it has heard every change committed before
  // this request, on any instance (a sign-out, a removal, a role): one shared round trip on the
  // LISTEN connection, not a lookup (decision 028).
  const cached = actors.get(key) && (await realtime.catchUp()) ? actors.get(key) : undefined;
  if (cached) {
    c.set('user', cached.user);
    c.set('sessionKey', key);
    return next();
  }
  const since = actors.begin();
  const session = await runInStatementPhase('signed-in', () => auth.api.getSession({ headers: c.req.raw.headers })).catch(() => null);
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

export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) throw unauthorized();
  await next();
});

/** A signed-in person with an active membership; sets `actor`. */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get('user');
  if (!user) throw unauthorized();
  const membership = await findMembership(c, user.id);
  if (!membership) throw new HttpError(403, 'no_company', 'You are not a member of a company yet.');
  c.set('actor', { userId: user.id, ...membership });
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
