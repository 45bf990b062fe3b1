import {
  INVITATION_INVALID_MESSAGE,
  type PublicSignupPolicy,
  SIGNUP_REFUSAL_CODES,
  type SignupPolicySettings,
  type SignUpRefusal,
  type UpdateSignupPolicySchema,
} from '@core/contracts';
import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import { badRequest } from '../../lib/http';
import { findDefaultCompanyId, findSignupSettings, toSignupPolicy, upsertSignupSettings } from '../companies/companies.service';
import { isActiveInvitation } from '../invitations/invitations.service';

type PolicyInput = z.output<typeof UpdateSignupPolicySchema>;

export const SIGNUP_MESSAGES = {
  invalidAccessCode: 'Invalid access code',
  accessCodeRequired: 'An access code is required to create an account. Ask your admin for it.',
  inviteOnly: 'Sign-up is by invitation only. Ask an admin of the company for an invitation link.',
  lookupFailed: 'Failed to validate access code',
} as const;

const refuse = (reason: keyof typeof SIGNUP_MESSAGES): SignUpRefusal => ({
  code: SIGNUP_REFUSAL_CODES[reason],
  message: SIGNUP_MESSAGES[reason],
});

function isSameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Only single-tenant instances gate account creation with the company's policy (see the contract). */
const isEnforced = (deps: AppDeps) => deps.config.TENANCY === 'single';

export async function getSignupPolicy(deps: AppDeps, actor: Actor): Promise<SignupPolicySettings> {
  const row = await findSignupSettings(deps.database.db, memberScopeOf(actor));
  return { policy: toSignupPolicy(row.policy), accessCode: row.accessCode, enforced: isEnforced(deps) };
}

export async function changeSignupPolicy(deps: AppDeps, actor: Actor, input: PolicyInput): Promise<SignupPolicySettings> {
  const db = deps.database.db;
  const scope = memberScopeOf(actor);
  const current = await findSignupSettings(db, scope);
  const accessCode = input.accessCode === undefined ? current.accessCode : input.accessCode || null;
  if (input.policy === 'access_code' && !accessCode) {
    throw badRequest('Set an access code to require one at sign-up.', {
      accessCode: 'An access code is required for this policy',
    });
  }
  const saved = await upsertSignupSettings(db, scope, { policy: input.policy, accessCode, updatedAt: deps.now() });
  return { policy: toSignupPolicy(saved.policy), accessCode: saved.accessCode, enforced: isEnforced(deps) };
}

/** What the public join form may know: the policy, never the code. */
export async function getPublicSignupPolicy(deps: AppDeps): Promise<PublicSignupPolicy> {
  if (!isEnforced(deps)) return { policy: 'open' };
  const companyId = await findDefaultCompanyId(deps.database.db);
  if (!companyId) return { policy: 'open' };
  const row = await findSignupSettings(deps.database.db, { companyId, userId: null });
  return { policy: toSignupPolicy(row.policy) };
}

/**
 * The server-side sign-up rule, run by better-auth before it creates an account (e-mail sign-up,
 * and a magic link for an e-mail with no account yet). Returns the refusal, or null.
 *
 * - A valid invitation of the company (header x-invite-code) always lets the person in.
 * - open: anyone; an access code, when one is entered, must be right.
 * - access_code: the right access code (header x-access-code) is required.
 * - invite_only: a valid invitation is required.
 * Multi-tenant instances let anyone create an account: joining a company takes an invitation.
 */
export async function decideSignUp(
  deps: AppDeps,
  presented: { accessCode: string | null; inviteCode: string | null },
): Promise<SignUpRefusal | null> {
  if (!isEnforced(deps)) return null;
  const accessCode = presented.accessCode?.trim() || null;
  const inviteCode = presented.inviteCode?.trim() || null;
  try {
    const db = deps.database.db;
    const companyId = await findDefaultCompanyId(db);
    // Before the first sign-in there is no company yet, hence no policy but the default: open.
    if (!companyId) return accessCode ? refuse('invalidAccessCode') : null;
    if (inviteCode && (await isActiveInvitation(db, { code: inviteCode, companyId, now: deps.now() }))) return null;
    const settings = await findSignupSettings(db, { companyId, userId: null });
    const policy = toSignupPolicy(settings.policy);
    const codeMatches = accessCode !== null && settings.accessCode !== null && isSameSecret(accessCode, settings.accessCode);
    switch (policy) {
      case 'invite_only':
        return inviteCode ? { code: SIGNUP_REFUSAL_CODES.invitationInvalid, message: INVITATION_INVALID_MESSAGE } : refuse('inviteOnly');
      case 'access_code':
        if (!accessCode) return refuse('accessCodeRequired');
        return codeMatches ? null : refuse('invalidAccessCode');
      case 'open':
        return accessCode && !codeMatches ? refuse('invalidAccessCode') : null;
    }
  } catch (error) {
    console.error('[signup] policy check failed', error);
    return refuse('lookupFailed');
  }
}
