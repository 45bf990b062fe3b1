import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { type CompanyId, type UserId, withTenant } from '../../db/tenant';
import type { MembershipRow } from './memberships.repository';

/*
 * What other modules read of the members in their own transaction (memberships, the profiles
 * table: its owner is this file with memberships.repository.ts and members.repository.ts): the
 * scoreboards' faces, a team's members (decision 040) and the weekly digest's recipients
 * (decision 047).
 */

// ---- the scoreboards' view of the members ----------------------------------------------------------

/** A member as the boards show them; onBoards false: left off every ranking (decision 081). */
export type MemberFace = Pick<MembershipRow, 'userId' | 'displayName' | 'avatarUrl' | 'onBoards'>;

/** Transaction step (scoreboards): the active members' names and pictures, in no particular order. */
export async function selectActiveMemberFaces(tx: Transaction, companyId: CompanyId): Promise<MemberFace[]> {
  return tx
    .select({ userId: profiles.userId, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl, onBoards: profiles.onBoards })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), isNull(profiles.removedAt)));
}

/** Transaction step (push notifications): these people's names if they are active members now. */
export async function selectActiveMemberFacesOf(tx: Transaction, companyId: CompanyId, userIds: readonly UserId[]): Promise<MemberFace[]> {
  if (userIds.length === 0) return [];
  return tx
    .select({ userId: profiles.userId, displayName: profiles.displayName, avatarUrl: profiles.avatarUrl, onBoards: profiles.onBoards })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), inArray(profiles.userId, [...userIds]), isNull(profiles.removedAt)));
}

/** Transaction step (exports): whether the person is, or was, a member of the company. */
export async function hasMembershipIn(tx: Transaction, companyId: CompanyId, userId: UserId): Promise<boolean> {
  const [row] = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.userId, userId)));
  return row !== undefined;
}

export type MemberByJoining = MemberFace & Pick<MembershipRow, 'role'> & { joinedAt: MembershipRow['createdAt'] };

/** Transaction step (the company page): the active members with role and joining day, oldest member first. */
export async function selectActiveMembersByJoining(tx: Transaction, companyId: CompanyId): Promise<MemberByJoining[]> {
  return tx
    .select({
      userId: profiles.userId,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      onBoards: profiles.onBoards,
      role: profiles.role,
      joinedAt: profiles.createdAt,
    })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), isNull(profiles.removedAt)))
    .orderBy(asc(profiles.createdAt), asc(profiles.userId));
}

// ---- teams (decision 040): a member's team is a column of their membership ---------------------------

/** Transaction step (teams): puts an active member in a team of the company, or in none. False when no such active member. */
export async function setMemberTeamIn(
  tx: Transaction,
  companyId: CompanyId,
  input: { userId: UserId; teamId: string | null; now: Date },
): Promise<boolean> {
  const updated = await tx
    .update(profiles)
    .set({ teamId: input.teamId, updatedAt: input.now })
    .where(and(eq(profiles.companyId, companyId), eq(profiles.userId, input.userId), isNull(profiles.removedAt)))
    .returning({ id: profiles.id });
  return updated.length > 0;
}

export type TeamAssignment = MemberFace & { teamId: string; isActive: boolean };

/**
 * Transaction step (teams, scoreboards): every membership that names a team, removed members too
 * (their past numbers stay their team's, as they stay the company's).
 */
export async function selectTeamAssignments(tx: Transaction, companyId: CompanyId, teamId?: string): Promise<TeamAssignment[]> {
  const rows = await tx
    .select({
      userId: profiles.userId,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      onBoards: profiles.onBoards,
      teamId: profiles.teamId,
      removedAt: profiles.removedAt,
    })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), teamId === undefined ? isNotNull(profiles.teamId) : eq(profiles.teamId, teamId)))
    .orderBy(asc(profiles.displayName), asc(profiles.userId));
  return rows.map(({ removedAt, teamId: team, ...face }) => ({ ...face, teamId: team!, isActive: removedAt === null }));
}

// ---- the weekly digest (decision 047) -------------------------------------------------------------

/** A membership as the weekly digest reads it: removed and erased members too (their numbers stay in totals). */
export type DigestMembership = Pick<MembershipRow, 'userId' | 'displayName' | 'role' | 'teamId' | 'digestOptOut' | 'onBoards'> &
  Pick<typeof user.$inferSelect, 'email' | 'locale'> & { isActive: boolean };

/** Transaction step (digest): every membership of the company with the account's address and language. */
export async function selectDigestMemberships(tx: Transaction, companyId: CompanyId): Promise<DigestMembership[]> {
  const rows = await tx
    .select({
      userId: profiles.userId,
      displayName: profiles.displayName,
      role: profiles.role,
      teamId: profiles.teamId,
      digestOptOut: profiles.digestOptOut,
      onBoards: profiles.onBoards,
      email: user.email,
      locale: user.locale,
      removedAt: profiles.removedAt,
      erasedAt: profiles.erasedAt,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(eq(profiles.companyId, companyId))
    .orderBy(asc(profiles.createdAt));
  return rows.map(({ removedAt, erasedAt, ...row }) => ({ ...row, isActive: removedAt === null && erasedAt === null }));
}

/**
 * Whether the member gets the weekly digest, and their language, for the unsubscribe page; null
 * when they are no longer an active member of the company. Under the company's scope (the link
 * carries no session).
 */
export async function findDigestSubscription(
  db: Database,
  scope: { companyId: CompanyId; userId: UserId },
): Promise<{ optedOut: boolean; locale: string | null } | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .select({ optedOut: profiles.digestOptOut, locale: user.locale })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(and(eq(profiles.companyId, scope.companyId), eq(profiles.userId, scope.userId), isNull(profiles.removedAt)));
    return row ?? null;
  });
}

/** Turns the member's weekly digest off or on; false when they are no longer an active member. */
export async function updateDigestOptOut(
  db: Database,
  scope: { companyId: CompanyId; userId: UserId },
  input: { optedOut: boolean; now: Date },
): Promise<boolean> {
  return withTenant(db, scope, async (tx) => {
    const rows = await tx
      .update(profiles)
      .set({ digestOptOut: input.optedOut, updatedAt: input.now })
      .where(and(eq(profiles.companyId, scope.companyId), eq(profiles.userId, scope.userId), isNull(profiles.removedAt)))
      .returning({ id: profiles.id });
    return rows.length > 0;
  });
}
