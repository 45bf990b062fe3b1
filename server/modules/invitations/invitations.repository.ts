import { type InvitationStatus, normalizeRole } from '@core/contracts';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { selectAccountEmail } from '../../auth/accounts';
import { invitations, profiles, user } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { type CompanyId, enterCompany, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { selectCompany } from '../companies/companies.service';
import { addMember, promoteToAdmin, selectActiveMembershipOf, setMemberTeamIn } from '../companies/memberships.service';

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationListRow = InvitationRow & { usedByName: string | null };

/** Whether a stored invitation still works at `now`. */
export function computeInvitationStatus(row: { usedBy: UserId | null; expiresAt: Date }, now: Date): InvitationStatus {
  if (row.usedBy !== null) return 'used';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Creates an invitation and records it in the audit log (its role and expiry, never its code). */
export async function insertInvitation(
  db: Database,
  scope: MemberScope,
  input: {
    code: string;
    role: 'admin' | 'user';
    expiresAt: Date;
    createdAt: Date;
    email?: string;
    /** The team the person joins, checked by the caller to be the company's. */
    team?: { id: string; name: string };
  },
): Promise<InvitationRow> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .insert(invitations)
      .values({
        companyId: scope.companyId,
        code: input.code,
        role: input.role,
        createdBy: scope.userId,
        expiresAt: input.expiresAt,
        createdAt: input.createdAt,
        email: input.email ?? null,
        teamId: input.team?.id ?? null,
      })
      .returning();
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'invitation.created', {
        target: { type: 'invitation', id: row!.id },
        details: { role: input.role, expiresAt: input.expiresAt.toISOString(), ...(input.team ? { teamName: input.team.name } : {}) },
        at: input.createdAt,
      }),
    );
    return row!;
  });
}

/**
 * The company's invitations, newest first, with the name of whoever used each (a read model's join:
 * memberships are written only by their owner, companies/memberships.repository.ts).
 */
export async function findInvitations(db: Database, scope: MemberScope): Promise<InvitationListRow[]> {
  const usedByProfile = alias(profiles, 'used_by_profile');
  return withTenant(db, scope, async (tx) => {
    const rows = await tx
      .select({
        invitation: invitations,
        displayName: usedByProfile.displayName,
        personName: user.name,
        erasedAt: usedByProfile.erasedAt,
      })
      .from(invitations)
      .leftJoin(usedByProfile, and(eq(usedByProfile.companyId, invitations.companyId), eq(usedByProfile.userId, invitations.usedBy)))
      .leftJoin(user, eq(user.id, invitations.usedBy))
      .where(eq(invitations.companyId, scope.companyId))
      .orderBy(desc(invitations.createdAt), desc(invitations.id));
    // A person erased from this company (decision 022) is not named here, not even by their account's name.
    return rows.map((r) => ({ ...r.invitation, usedByName: r.erasedAt ? null : (r.displayName ?? r.personName ?? null) }));
  });
}

/**
 * Deletes an invitation and records it in the audit log with whether it still worked then (active)
 * or was already used or expired, so the log tells a revocation from tidying up.
 */
export async function deleteInvitation(db: Database, scope: MemberScope, id: string, now: Date): Promise<boolean> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.companyId, scope.companyId)))
      .returning({ id: invitations.id, role: invitations.role, usedBy: invitations.usedBy, expiresAt: invitations.expiresAt });
    if (!row) return false;
    const status = computeInvitationStatus(row, now);
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'invitation.revoked', {
        target: { type: 'invitation', id: row.id },
        details: { role: normalizeRole(row.role), status },
        at: now,
      }),
    );
    return true;
  });
}

/** One of the company's invitations by id, or null. */
export async function findInvitationById(db: Database, scope: MemberScope, id: string): Promise<InvitationRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.companyId, scope.companyId)));
    return row ?? null;
  });
}

/** An invitation mail went out: counts it and stamps when. */
export async function recordInvitationMailed(db: Database, scope: MemberScope, id: string, now: Date): Promise<void> {
  await withTenant(db, scope, (tx) =>
    tx
      .update(invitations)
      .set({ sentCount: sql`${invitations.sentCount} + 1`, lastSentAt: now })
      .where(and(eq(invitations.id, id), eq(invitations.companyId, scope.companyId))),
  );
}

/** How many invitations the company has ever made (the setup's invite step counts any as done). */
export async function countInvitations(db: Database, scope: MemberScope): Promise<number> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx.select({ n: count() }).from(invitations).where(eq(invitations.companyId, scope.companyId));
    return Number(row?.n ?? 0);
  });
}

/**
 * The invitation's link was opened (its preview read by presenting the code): stamps the first
 * time, for the admin's list ("Opened"). Only while it still works; a used one is accepted anyway.
 */
export async function markInvitationOpened(db: Database, code: string, now: Date): Promise<void> {
  await withTenant(db, { companyId: null, userId: null, invitationCode: code }, async (tx) => {
    const [invitation] = await tx
      .select({ companyId: invitations.companyId, openedAt: invitations.openedAt })
      .from(invitations)
      .where(eq(invitations.code, code));
    if (!invitation || invitation.openedAt) return;
    await enterCompany(tx, invitation.companyId);
    await tx
      .update(invitations)
      .set({ openedAt: now })
      .where(and(eq(invitations.code, code), isNull(invitations.openedAt)));
  });
}

export type InvitationPreviewRecord = Pick<InvitationRow, 'companyId' | 'role' | 'usedBy' | 'expiresAt' | 'email'> & {
  companyName: string;
};

/**
 * Reads one invitation by its secret code (row-level security lets a caller who presents the code
 * see that one row), then the company it belongs to. Works for people with no company at all.
 */
export async function findInvitationByCode(db: Database, code: string): Promise<InvitationPreviewRecord | null> {
  return withTenant(db, { companyId: null, userId: null, invitationCode: code }, async (tx) => {
    const [invitation] = await tx.select().from(invitations).where(eq(invitations.code, code));
    if (!invitation) return null;
    await enterCompany(tx, invitation.companyId);
    const company = await selectCompany(tx, invitation.companyId);
    if (!company) return null;
    return {
      companyId: invitation.companyId,
      companyName: company.name,
      role: invitation.role,
      usedBy: invitation.usedBy,
      expiresAt: invitation.expiresAt,
      email: invitation.email,
    };
  });
}

export type AcceptOutcome =
  | { kind: 'not_found' }
  | { kind: 'used' }
  | { kind: 'expired' }
  | { kind: 'member_elsewhere' }
  | { kind: 'joined'; companyId: CompanyId; companyName: string; role: string; wasMember: boolean; promoted: boolean };

/**
 * Uses an invitation and makes the person a member with its role, in one transaction.
 *
 * The claim is a single conditional UPDATE (`... WHERE code = ? AND used_by IS NULL AND
 * expires_at > now RETURNING`): when many requests race for one code, the database lets exactly
 * one of them match; the others wait for its commit, re-check the condition and match nothing.
 *
 * A person who already belongs to another company is refused before anything is written. One who
 * already belongs to this company (in single-tenant mode everyone is provisioned into it on
 * sign-in, before the invitation page accepts) uses the invitation up all the same, so a code
 * works once, and an admin invitation makes them admin; an admin is never demoted by one.
 */
export async function claimInvitation(db: Database, input: { code: string; userId: UserId; now: Date }): Promise<AcceptOutcome> {
  try {
    return await claimInvitationOnce(db, input);
  } catch (error) {
    // Two companies' invitations accepted at once: both saw no membership, the second insert
    // meets the one-active-membership index, and its whole transaction (the claim included) is
    // rolled back: that invitation stays unused, and the person is a member elsewhere.
    if (isUniqueViolation(error, 'profiles_active_user_uq')) return { kind: 'member_elsewhere' };
    throw error;
  }
}

async function claimInvitationOnce(db: Database, input: { code: string; userId: UserId; now: Date }): Promise<AcceptOutcome> {
  return withTenant(db, { companyId: null, userId: input.userId, invitationCode: input.code }, async (tx) => {
    const [invitation] = await tx.select().from(invitations).where(eq(invitations.code, input.code));
    if (!invitation) return { kind: 'not_found' };
    if (invitation.usedBy !== null) return { kind: 'used' };
    if (invitation.expiresAt.getTime() <= input.now.getTime()) return { kind: 'expired' };

    const membership = await selectActiveMembershipOf(tx, input.userId);
    if (membership && membership.companyId !== invitation.companyId) return { kind: 'member_elsewhere' };

    await enterCompany(tx, invitation.companyId);
    const [claimed] = await tx
      .update(invitations)
      .set({
        usedBy: input.userId,
        usedAt: input.now,
        openedAt: sql`coalesce(${invitations.openedAt}, ${input.now.toISOString()}::timestamptz)`,
      })
      .where(and(eq(invitations.code, input.code), isNull(invitations.usedBy), gt(invitations.expiresAt, input.now)))
      .returning({ id: invitations.id });
    if (!claimed) return { kind: 'used' };

    const invitedRole = invitation.role === 'admin' ? 'admin' : 'user';
    const companyName = (await selectCompany(tx, invitation.companyId))?.name ?? '';
    if (membership) {
      const promoted = invitedRole === 'admin' && membership.role !== 'admin';
      if (promoted) await promoteToAdmin(tx, membership.id, input.now);
      const role = promoted ? 'admin' : membership.role;
      // The person it was mailed to, let in a moment before by signing in (single-tenant mode provisions
      // everyone): this is their joining, so they take its team (when they have none yet) and are told
      // they joined, not that they already were a member.
      const invitee =
        invitation.email !== null && (await selectAccountEmail(tx, input.userId))?.toLowerCase() === invitation.email.toLowerCase();
      if (invitee && membership.teamId === null && invitation.teamId !== null) {
        await setMemberTeamIn(tx, invitation.companyId, { userId: input.userId, teamId: invitation.teamId, now: input.now });
      }
      return { kind: 'joined', companyId: invitation.companyId, companyName, role, wasMember: !invitee, promoted };
    }

    // A removed member who is invited back gets the same row (and history) again.
    await addMember(tx, { companyId: invitation.companyId, userId: input.userId, role: invitedRole, now: input.now });
    // Into the invitation's team (decision 044); a team deleted since left team_id null.
    if (invitation.teamId !== null) {
      await setMemberTeamIn(tx, invitation.companyId, { userId: input.userId, teamId: invitation.teamId, now: input.now });
    }
    return { kind: 'joined', companyId: invitation.companyId, companyName, role: invitedRole, wasMember: false, promoted: false };
  });
}

/** Whether a code is an unused, unexpired invitation of the company (read by presenting the code). */
export async function isActiveInvitation(db: Database, input: { code: string; companyId: CompanyId; now: Date }): Promise<boolean> {
  return withTenant(db, { companyId: null, userId: null, invitationCode: input.code }, async (tx) => {
    const [row] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.code, input.code),
          eq(invitations.companyId, input.companyId),
          isNull(invitations.usedBy),
          gt(invitations.expiresAt, input.now),
        ),
      );
    return Boolean(row);
  });
}
