import { normalizeRole } from '@core/contracts';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../context';
import { forbidden, HttpError, unauthorized } from '../../lib/http';
import { findActiveMembership } from './session.repository';

/** Reads the better-auth session cookie; sets `user` (or null). Never refuses. */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const { auth } = c.get('deps');
  const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
  c.set(
    'user',
    session
      ? {
          id: session.user.id,
          email: session.user.email,
          name: session.user.name,
          image: session.user.image ?? null,
          emailVerified: session.user.emailVerified,
          locale: session.user.locale ?? null,
        }
      : null,
  );
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
  const membership = await findActiveMembership(c.get('deps').database.db, user.id);
  if (!membership) throw new HttpError(403, 'no_company', 'You are not a member of a company yet.');
  c.set('actor', {
    userId: user.id,
    companyId: membership.companyId,
    role: normalizeRole(membership.role),
    timezone: membership.company.timezone,
  });
  await next();
});

/** An admin of their company. The UI hiding a button is never the check; this is. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get('actor').role !== 'admin') {
    throw forbidden('Access denied. You need administrator privileges to access this page.');
  }
  await next();
});
