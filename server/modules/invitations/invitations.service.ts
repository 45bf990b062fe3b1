import {
  type AcceptInvitationResult,
  type CreateInvitationSchema,
  findInviteCodeInCallback,
  INVITATION_INVALID_MESSAGE,
  type Invitation,
  type InvitationPreview,
  magicLinkCallbackPath,
  magicLinkErrorPath,
  normalizeRole,
  toLanguage,
  type RequestMagicLink,
  INVITATION_EMAILS_PER_DAY,
  INVITATION_EXPIRY_DEFAULT_DAYS,
  INVITATION_RESENDS_PER_DAY,
  type SendInvitationsSchema,
  type SentInvitations,
} from '@core/contracts';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { CLIENT_IP_HEADER } from '../../auth/auth';
import { UI_LANGUAGE_HEADER } from '../../mail/templates';
import { type Actor, type AppDeps, memberScopeOf, type SessionUser } from '../../context';
import { HttpError, notFound } from '../../lib/http';
import {
  claimInvitation,
  computeInvitationStatus,
  deleteInvitation,
  findInvitationByCode,
  countInvitations,
  findInvitationById,
  findInvitations,
  type InvitationListRow,
  type InvitationRow,
  insertInvitation,
  markInvitationOpened,
  recordInvitationMailed,
} from './invitations.repository';
import { countRateLimitAttempt, consumeRateLimit } from '../../lib/rate-limit';
import { type MailLanguage, renderInvitationMail } from '../../mail/templates';
import { findCompanySetup } from '../companies/companies.service';
import { findTeamRef } from '../teams/teams.service';
import { toUserId } from '../../db/tenant';

/**
 * For other modules: an invitation by its code (the auth hooks name its company in mails and the
 * password check), and whether a code is a usable invitation of a company (the sign-up rule).
 */
export { findInvitationByCode, isActiveInvitation } from './invitations.repository';

type InvitationInput = z.output<typeof CreateInvitationSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** 24 random bytes: 192 bits, 32 url-safe characters. */
const CODE_BYTES = 24;

/** A secret, url-safe invitation code from the operating system's CSPRNG. */
export function generateInvitationCode(): string {
  return randomBytes(CODE_BYTES).toString('base64url');
}

export const invitationPath = (code: string) => `/invite/${encodeURIComponent(code)}`;

function toInvitation(deps: AppDeps, row: InvitationListRow, now: Date): Invitation {
  return {
    id: row.id,
    code: row.code,
    role: normalizeRole(row.role),
    status: computeInvitationStatus(row, now),
    url: `${deps.config.publicUrl}${invitationPath(row.code)}`,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    usedBy: row.usedBy,
    usedByName: row.usedByName,
    usedAt: row.usedAt?.toISOString() ?? null,
    email: row.email,
    teamId: row.teamId,
    openedAt: row.openedAt?.toISOString() ?? null,
    sentCount: row.sentCount,
    lastSentAt: row.lastSentAt?.toISOString() ?? null,
  };
}

/** The invitation's team, which must be one of the company's (404 otherwise). */
async function findInvitationTeam(
  deps: AppDeps,
  actor: Actor,
  teamId: string | undefined,
): Promise<{ id: string; name: string } | undefined> {
  if (teamId === undefined) return undefined;
  const team = await findTeamRef(deps, actor, teamId);
  if (!team) throw notFound('No such team in your company.');
  return team;
}

export async function createInvitation(deps: AppDeps, actor: Actor, input: InvitationInput): Promise<Invitation> {
  const now = deps.now();
  const team = await findInvitationTeam(deps, actor, input.teamId);
  const row = await insertInvitation(deps.database.db, memberScopeOf(actor), {
    code: generateInvitationCode(),
    team,
    role: input.role,
    expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
    createdAt: now,
  });
  return toInvitation(deps, { ...row, usedByName: null }, now);
}

type SendInput = z.output<typeof SendInvitationsSchema>;

/** Who sends invitation mails, and in which language they are written (the company's; decision 042). */
export type InvitationSender = { name: string; language: MailLanguage };

/**
 * Counts `n` invitation mails against the company's daily allowance, all or nothing: a batch that
 * would go over is refused whole, before any mail leaves, so the admin is never left guessing
 * which half went out.
 */
async function consumeDailyMailAllowance(deps: AppDeps, actor: Actor, n: number): Promise<void> {
  const key = `invitation-mails:${actor.companyId}`;
  const now = deps.now();
  const peek = await countRateLimitAttempt(deps.database.db, { key, max: INVITATION_EMAILS_PER_DAY, windowSeconds: 86_400, now });
  // The peek counted one; the batch needs n in all.
  if (peek.count + n - 1 > INVITATION_EMAILS_PER_DAY) {
    throw new HttpError(
      429,
      'invitation_limit',
      `At most ${INVITATION_EMAILS_PER_DAY} invitation mails a day; ${Math.max(0, INVITATION_EMAILS_PER_DAY - peek.count + 1)} left today.`,
    );
  }
  for (let i = 1; i < n; i++) {
    await countRateLimitAttempt(deps.database.db, { key, max: INVITATION_EMAILS_PER_DAY, windowSeconds: 86_400, now });
  }
}

async function mailInvitation(deps: AppDeps, actor: Actor, row: InvitationRow, sender: InvitationSender): Promise<void> {
  const company = await findInvitingCompany(deps, actor);
  await deps.mailer.send(
    renderInvitationMail({
      brand: deps.config.BRAND_NAME,
      to: row.email!,
      url: `${deps.config.publicUrl}${invitationPath(row.code)}`,
      companyName: company.name,
      inviterName: sender.name,
      role: normalizeRole(row.role) === 'admin' ? 'admin' : 'user',
      expiresAt: row.expiresAt,
      // The company's language (decision 079); else the inviting admin's, as before it had one.
      language: company.language ?? sender.language,
    }),
  );
  await recordInvitationMailed(deps.database.db, memberScopeOf(actor), row.id, deps.now());
}

/** The company's name for the mail, and its language (decision 079) when it has one. */
async function findInvitingCompany(deps: AppDeps, actor: Actor): Promise<{ name: string; language: MailLanguage | null }> {
  const company = await findCompanySetup(deps.database.db, memberScopeOf(actor));
  return { name: company?.name ?? '', language: toLanguage(company?.language) };
}

/**
 * Invitations by e-mail: one invitation per distinct address (the contract has checked each), each
 * mailed its own link. Limited per request (the contract) and per company per day.
 */
export async function sendInvitations(deps: AppDeps, actor: Actor, input: SendInput, sender: InvitationSender): Promise<SentInvitations> {
  const emails = [...new Set(input.emails.map((e) => e.trim().toLowerCase()))];
  const team = await findInvitationTeam(deps, actor, input.teamId);
  await consumeDailyMailAllowance(deps, actor, emails.length);
  const now = deps.now();
  for (const email of emails) {
    const row = await insertInvitation(deps.database.db, memberScopeOf(actor), {
      code: generateInvitationCode(),
      team,
      role: input.role,
      expiresAt: new Date(now.getTime() + INVITATION_EXPIRY_DEFAULT_DAYS * DAY_MS),
      createdAt: now,
      email,
    });
    await mailInvitation(deps, actor, row, sender);
  }
  return { sent: emails.length, emails };
}

/** Mails an e-mailed invitation again (same link), at most a few times a day per invitation. */
export async function resendInvitation(deps: AppDeps, actor: Actor, id: string, sender: InvitationSender): Promise<Invitation> {
  const row = await findInvitationById(deps.database.db, memberScopeOf(actor), id);
  if (!row) throw notFound('No such invitation.');
  if (!row.email) throw new HttpError(400, 'not_emailed', 'This invitation was not sent by e-mail; copy its link instead.');
  if (computeInvitationStatus(row, deps.now()) !== 'active') {
    throw new HttpError(409, 'invitation_not_active', 'Only an invitation that still works can be sent again.');
  }
  const allowed = await consumeRateLimit(deps.database.db, {
    key: `invitation-resend:${row.id}`,
    max: INVITATION_RESENDS_PER_DAY,
    windowSeconds: 86_400,
    now: deps.now(),
  });
  if (!allowed) {
    throw new HttpError(429, 'rate_limited', `An invitation can be sent again at most ${INVITATION_RESENDS_PER_DAY} times a day.`);
  }
  await consumeDailyMailAllowance(deps, actor, 1);
  await mailInvitation(deps, actor, row, sender);
  const list = await listInvitations(deps, actor);
  return list.find((i) => i.id === row.id)!;
}

/** How many invitations the company has made (the setup's invite step). */
export async function countCompanyInvitations(deps: AppDeps, actor: Actor): Promise<number> {
  return countInvitations(deps.database.db, memberScopeOf(actor));
}

export async function listInvitations(deps: AppDeps, actor: Actor): Promise<Invitation[]> {
  const now = deps.now();
  return (await findInvitations(deps.database.db, memberScopeOf(actor))).map((row) => toInvitation(deps, row, now));
}

/** Any invitation may be deleted, whatever its status. */
export async function removeInvitation(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deleteInvitation(deps.database.db, memberScopeOf(actor), id, deps.now()))) throw notFound('No such invitation.');
}

/**
 * What an invitation link shows before it is used. Unknown, used and expired codes all read as not valid; only the
 * person who used a code learns that it was theirs (with its company and role).
 */
export async function previewInvitation(
  deps: AppDeps,
  code: string,
  callerId: string | null = null,
  /** The invitation page read it: the person opened their link (false for the server's own checks). */
  markOpened = true,
): Promise<InvitationPreview> {
  const found = await findInvitationByCode(deps.database.db, code);
  if (found && callerId !== null && found.usedBy === callerId) {
    return { valid: false, companyName: found.companyName, role: normalizeRole(found.role), acceptedByYou: true };
  }
  if (!found || computeInvitationStatus(found, deps.now()) !== 'active') {
    return { valid: false, companyName: null, role: null, error: INVITATION_INVALID_MESSAGE };
  }
  // Reading the preview is what opening the link does: the admin's list shows it as opened.
  if (markOpened) await markInvitationOpened(deps.database.db, code, deps.now());
  // The address it was mailed to, for the join forms to fill in: whoever holds the code got it there.
  return { valid: true, companyName: found.companyName, role: normalizeRole(found.role), email: found.email ?? null };
}

/**
 * The address an open invitation was mailed to (lower case), or null: a code that is unknown, used
 * or expired, or a link made to share without an address. Sign-up treats that address as
 * confirmed (decision 076): the code reached the person in that mailbox.
 */
export async function findOpenInvitationAddress(deps: AppDeps, code: string): Promise<string | null> {
  const found = await findInvitationByCode(deps.database.db, code);
  if (!found?.email || computeInvitationStatus(found, deps.now()) !== 'active') return null;
  return found.email.toLowerCase();
}

const invalidInvitation = (status: 404 | 410) => new HttpError(status, 'invitation_invalid', INVITATION_INVALID_MESSAGE);

/** Uses an invitation code for the signed-in person. Atomic: one invitation, one person, however many requests race. */
export async function acceptInvitation(deps: AppDeps, user: SessionUser, code: string): Promise<AcceptInvitationResult> {
  const outcome = await claimInvitation(deps.database.db, { code, userId: user.id, now: deps.now() });
  switch (outcome.kind) {
    case 'not_found':
      throw invalidInvitation(404);
    case 'used':
    case 'expired':
      throw invalidInvitation(410);
    case 'member_elsewhere':
      throw new HttpError(
        409,
        'member_of_another_company',
        'You already belong to another company. An admin of that company must remove you before you can join a new one.',
      );
    case 'joined':
      return {
        success: true,
        message: outcome.promoted
          ? `You are now an admin of ${outcome.companyName}`
          : outcome.wasMember
            ? `You are already a member of ${outcome.companyName}`
            : `You are now part of ${outcome.companyName}`,
        companyId: outcome.companyId,
        companyName: outcome.companyName,
        role: normalizeRole(outcome.role),
        alreadyMember: outcome.wasMember,
      };
  }
}

/**
 * A magic link was followed and signed `userId` in: accept the invitation it was sent for, so the
 * person lands in the company with the invited role without a second step. The code is read from
 * the link's own callback URL (only the mail's recipient holds the token, so nobody can make a
 * signed-in person join a company this way). A refusal (used up meanwhile, a member elsewhere) is
 * left to the invitation page, where the person lands next and sees why.
 */
export async function acceptInvitationFromMagicLink(deps: AppDeps, userId: string, callbackURL: string | undefined): Promise<void> {
  const code = findInviteCodeInCallback(callbackURL);
  if (!code) return;
  await claimInvitation(deps.database.db, { code, userId: toUserId(userId), now: deps.now() }).catch((error: unknown) => {
    console.error('[invitations] accepting from a magic link failed:', (error as Error).message);
  });
}

/**
 * /join?invite={code}: checks the invitation, then asks better-auth for a magic link through its
 * own HTTP handler, so its rate limit for /sign-in/magic-link counts this request by the caller's
 * address. The invitation code travels in x-invite-code, which the sign-up policy accepts in place
 * of an access code when the link creates the account.
 */
export async function sendInvitationMagicLink(
  deps: AppDeps,
  input: RequestMagicLink,
  clientIp: string,
  /** The caller's language headers, so the mail speaks the language of the screen it was asked from. */
  languageHeaders: Headers = new Headers(),
): Promise<void> {
  const preview = await previewInvitation(deps, input.code, null, false);
  if (!preview.valid) throw invalidInvitation(410);
  const headers = new Headers({
    'content-type': 'application/json',
    origin: deps.config.publicUrl,
    'x-invite-code': input.code,
    [CLIENT_IP_HEADER]: clientIp,
  });
  for (const name of [UI_LANGUAGE_HEADER, 'accept-language']) {
    const value = languageHeaders.get(name);
    if (value) headers.set(name, value);
  }
  const response = await deps.auth.handler(
    new Request(`${deps.config.publicUrl}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: input.email,
        name: input.name || undefined,
        callbackURL: magicLinkCallbackPath(input.code),
        newUserCallbackURL: magicLinkCallbackPath(input.code),
        errorCallbackURL: magicLinkErrorPath(input.code),
      }),
    }),
  );
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (response.status === 429) {
    throw new HttpError(429, 'rate_limited', 'Too many requests. Please wait a minute and try again.');
  }
  if (response.status === 403) throw new HttpError(403, 'signup_refused', body.message ?? 'Sign-up is not allowed.');
  throw new HttpError(response.status === 400 ? 400 : 502, 'magic_link_failed', body.message ?? 'Could not send the magic link.');
}
