import { DEFAULT_COMPANY_NAME, type Me, normalizeRole, type ProvisionResult, type SignUpRefusal, toLanguage } from '@core/contracts';
import { DEFAULT_TIME_ZONE } from '@core/period';
import { timingSafeEqual } from 'node:crypto';
import type { AppDeps, SessionUser } from '../../context';
import { HttpError } from '../../lib/http';
import { consumeRateLimit } from '../../lib/rate-limit';
import { decideSignUp, getPublicSignupPolicy } from '../admin/signup-policy.service';
import { toCompanyId, toUserId } from '../../db/ids';
import { findHomeBoardId } from '../boards/boards.service';
import { findAccessCode, findDefaultCompanyId, findOperatorCompanyId, getOrCreateDefaultCompany } from '../companies/companies.service';
import { findActiveMembership, hasRemovedMembership, joinCompany } from '../companies/memberships.service';

export { DEFAULT_COMPANY_NAME };

export async function getMe(deps: AppDeps, user: SessionUser): Promise<Me> {
  const membership = await findActiveMembership(deps.database.db, user.id);
  const removed = membership ? false : await hasRemovedMembership(deps.database.db, user.id);
  const role = membership ? normalizeRole(membership.role) : null;
  const operatorCompanyId = membership ? await findOperatorCompanyId(deps.database.db) : null;
  const homeBoardId = membership
    ? await findHomeBoardId(deps, {
        companyId: toCompanyId(membership.company.id),
        userId: toUserId(user.id),
        role: role!,
        timezone: membership.company.timezone,
      })
    : null;
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      image: user.image,
      emailVerified: user.emailVerified,
      language: toLanguage(user.locale),
    },
    profile: membership
      ? {
          id: membership.profileId,
          displayName: membership.displayName,
          avatarUrl: membership.avatarUrl,
          role: role!,
          teamId: membership.teamId,
          onBoards: membership.onBoards,
          homeBoardId,
          createdAt: membership.createdAt.toISOString(),
        }
      : null,
    company: membership
      ? {
          id: membership.company.id,
          name: membership.company.name,
          timezone: membership.company.timezone,
          currency: membership.company.currency,
          language: toLanguage(membership.company.language),
          logoUrl: membership.company.logoUrl,
          createdAt: membership.company.createdAt.toISOString(),
        }
      : null,
    onboarding: {
      hasProfile: Boolean(membership),
      hasCompany: Boolean(membership),
      hasTeam: Boolean(membership?.teamId),
      profileComplete: Boolean(membership?.displayName && membership.companyId),
      role,
      removed,
    },
    tenancy: deps.config.TENANCY,
    operator: Boolean(membership && operatorCompanyId === membership.company.id),
  };
}

/**
 * User set-up: runs on every sign-in. In single-tenant mode every person joins the one
 * shared company (created on first use, 'Min bedrift', Europe/Oslo); the first member when no admin
 * exists becomes admin. In multi-tenant mode a person without a company stays without one until
 * they create a company or accept an invitation. A member an admin removed is not re-added.
 */
export async function provisionUser(deps: AppDeps, user: SessionUser): Promise<ProvisionResult> {
  try {
    const db = deps.database.db;
    const existing = await findActiveMembership(db, user.id);
    if (deps.config.TENANCY === 'multi' && !existing) {
      return { success: true, created: false, promoted: false, error: null };
    }
    // Invitation only: a newcomer joins by accepting their invitation (which uses it up), never by
    // merely signing in; otherwise an unaccepted code would stay reusable.
    if (!existing && (await getPublicSignupPolicy(deps)).policy === 'invite_only') {
      return { success: true, created: false, promoted: false, error: null };
    }
    const companyId =
      existing?.companyId ?? (await getOrCreateDefaultCompany(db, { name: DEFAULT_COMPANY_NAME, timezone: DEFAULT_TIME_ZONE }));
    const outcome = await joinCompany(db, { companyId, userId: user.id, role: 'user', allowRejoin: false });
    if (outcome.refused === 'removed') {
      return { success: false, created: false, promoted: false, error: 'removed' };
    }
    return { success: true, created: outcome.created, promoted: outcome.promoted, error: null };
  } catch (error) {
    console.error('[provision] failed', error);
    return { success: false, created: false, promoted: false, error: null };
  }
}

function isSameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const ACCESS_CODE_CHECKS_PER_10_MINUTES = 10;

/**
 * An entered access code must equal the company's; no code entered means no check. The
 * code is a shared secret: guessing is limited to a handful of tries per client address.
 */
export async function checkAccessCode(deps: AppDeps, code: string, clientIp: string): Promise<boolean> {
  const allowed = await consumeRateLimit(deps.database.db, {
    key: `access-code:${clientIp}`,
    max: ACCESS_CODE_CHECKS_PER_10_MINUTES,
    windowSeconds: 600,
    now: deps.now(),
  });
  if (!allowed) throw new HttpError(429, 'rate_limited', 'Too many attempts. Please wait a few minutes and try again.');
  const companyId = await findDefaultCompanyId(deps.database.db);
  if (!companyId) return false;
  const expected = await findAccessCode(deps.database.db, companyId);
  return expected !== null && expected !== '' && isSameSecret(code.trim(), expected);
}

/**
 * The server-side sign-up rule, run before better-auth creates an account: the company's sign-up
 * policy (open, access code, invitation only; see server/modules/admin/signup-policy.service.ts)
 * against the access code (header x-access-code) and invitation code (header x-invite-code) the
 * join form sends. Returns the refusal, or null to allow.
 */
export async function checkSignUpAllowed(deps: AppDeps, headers: Headers): Promise<SignUpRefusal | null> {
  return decideSignUp(deps, { accessCode: headers.get('x-access-code'), inviteCode: headers.get('x-invite-code') });
}
