import { buildAvatarPath, normalizeRole } from '@core/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { selectAccountName } from '../../auth/accounts';
import type { Database, Transaction } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { type CompanyId, enterCompany, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { publishDomainEvents } from '../../events/domain-events';
import { type CompanyRow, insertCompanyWithDefaults, selectCompany } from './companies.repository';

/*
 * The one owner of memberships (the profiles table: who belongs to which company, with which
 * role, name and picture). Other modules reach them through memberships.service: whole operations
 * for their services, and transaction steps (functions taking the open transaction) where their own
 * change must commit together with a membership's (accepting an invitation, uploading a picture) or
 * read it in the same snapshot (the scoreboards).
 */

export type MembershipRow = typeof profiles.$inferSelect;

/** The person's active membership with its company. */
export type Membership = Pick<MembershipRow, 'companyId' | 'role' | 'displayName' | 'avatarUrl' | 'teamId' | 'onBoards' | 'createdAt'> & {
  profileId: MembershipRow['id'];
  company: CompanyRow;
};

/**
 * Serialises joining, role changes, removals and erasure per company: two admins demoting each
 * other at once must not leave the company without an admin, nor two first sign-ins both become
 * "the first admin". The privacy module's erasure takes the same lock (privacy/erasure.repository.ts).
 */
async function lockCompanyMembership(tx: Transaction, companyId: CompanyId): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${companyId}))`);
}

// ---- the person's own membership ------------------------------------------------------------------

/** The person's active membership with its company, or null (no company, or removed). */
export async function findActiveMembership(db: Database, userId: UserId): Promise<Membership | null> {
  return withTenant(db, { companyId: null, userId }, async (tx) => {
    const [profile] = await tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.userId, userId), isNull(profiles.removedAt)))
      .limit(1);
    if (!profile) return null;
    await enterCompany(tx, profile.companyId);
    const company = await selectCompany(tx, profile.companyId);
    if (!company) return null;
    return {
      profileId: profile.id,
      companyId: profile.companyId,
      role: profile.role,
      displayName: profile.displayName,
      avatarUrl: profile.avatarUrl,
      teamId: profile.teamId,
      onBoards: profile.onBoards,
      createdAt: profile.createdAt,
      company,
    };
  });
}

/** Whether the person was removed from a company and has no active membership since. */
export async function hasRemovedMembership(db: Database, userId: UserId): Promise<boolean> {
  return withTenant(db, { companyId: null, userId }, async (tx) => {
    const rows = await tx.select({ removedAt: profiles.removedAt }).from(profiles).where(eq(profiles.userId, userId));
    return rows.length > 0 && rows.every((r) => r.removedAt !== null);
  });
}

export type OwnProfile = Pick<MembershipRow, 'displayName' | 'avatarUrl' | 'digestOptOut'> &
  Pick<typeof user.$inferSelect, 'email' | 'locale'>;

/** The caller's profile in their company, with the account's address and language. */
export async function findOwnProfile(db: Database, scope: MemberScope): Promise<OwnProfile | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .select({
        displayName: profiles.displayName,
        avatarUrl: profiles.avatarUrl,
        digestOptOut: profiles.digestOptOut,
        email: user.email,
        locale: user.locale,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(and(eq(profiles.companyId, scope.companyId), eq(profiles.userId, scope.userId), isNull(profiles.removedAt)));
    return row ?? null;
  });
}

export async function updateOwnProfile(
  db: Database,
  scope: MemberScope,
  patch: { displayName?: string | null; digestOptOut?: boolean; updatedAt: Date },
): Promise<void> {
  await withTenant(db, scope, (tx) =>
    tx
      .update(profiles)
      .set(patch)
      .where(and(eq(profiles.companyId, scope.companyId), eq(profiles.userId, scope.userId), isNull(profiles.removedAt))),
  );
}

/**
 * Transaction step (avatars): points the caller's active profile at a new picture. Runs first in
 * the upload's transaction: its row lock makes two uploads by the same person queue up. False when
 * the caller has no active profile.
 */
export async function setOwnAvatarUrl(tx: Transaction, scope: MemberScope, input: { avatarId: string; now: Date }): Promise<boolean> {
  const updated = await tx
    .update(profiles)
    .set({ avatarUrl: buildAvatarPath(input.avatarId), updatedAt: input.now })
    .where(and(eq(profiles.companyId, scope.companyId), eq(profiles.userId, scope.userId), isNull(profiles.removedAt)))
    .returning({ id: profiles.id });
  return updated.length > 0;
}

/**
 * Transaction step (avatars): clears the caller's picture. Only a set picture is cleared, so a
 * repeated DELETE does not wake every board (profiles_notify).
 */
export async function clearOwnAvatarUrl(tx: Transaction, scope: MemberScope, now: Date): Promise<void> {
  await tx
    .update(profiles)
    .set({ avatarUrl: null, updatedAt: now })
    .where(
      and(
        eq(profiles.companyId, scope.companyId),
        eq(profiles.userId, scope.userId),
        isNull(profiles.removedAt),
        isNotNull(profiles.avatarUrl),
      ),
    );
}

// ---- joining ---------------------------------------------------------------------------------------

/**
 * Creates a company with its default rules and settings and makes the person its admin, in one
 * transaction. The unique index on active memberships (one company per person) refuses a second
 * company for someone who already has one, rolling the new company back with it.
 */
export async function insertCompanyWithAdmin(
  db: Database,
  input: {
    companyId: CompanyId;
    name: string;
    timezone: string;
    /** Its walls' and mails' language (decision 079): the founder's saved one, or null. */
    language?: string | null;
    userId: UserId;
    now: Date;
    setupStepsSaved?: string[];
  },
): Promise<void> {
  await withTenant(db, { companyId: input.companyId, userId: input.userId }, async (tx) => {
    // No steps given: the column's default (none saved).
    await insertCompanyWithDefaults(tx, {
      id: input.companyId,
      name: input.name,
      timezone: input.timezone,
      language: input.language ?? null,
      setupStepsSaved: input.setupStepsSaved,
    });
    await tx.insert(profiles).values({
      companyId: input.companyId,
      userId: input.userId,
      role: 'admin',
      displayName: await selectAccountName(tx, input.userId),
      createdAt: input.now,
      updatedAt: input.now,
    });
  });
}

export type JoinOutcome = { created: boolean; promoted: boolean; refused: 'removed' | null };

/**
 * Makes the person a member of the company unless they already are. The first member when no
 * admin exists becomes admin. The per-company lock serialises concurrent first sign-ins so two
 * people cannot both become "the first admin".
 */
export async function joinCompany(
  db: Database,
  input: { companyId: CompanyId; userId: UserId; role: 'admin' | 'user'; allowRejoin: boolean },
): Promise<JoinOutcome> {
  return withTenant(db, { companyId: input.companyId, userId: input.userId }, async (tx) => {
    await lockCompanyMembership(tx, input.companyId);
    const [existing] = await tx
      .select()
      .from(profiles)
      .where(and(eq(profiles.companyId, input.companyId), eq(profiles.userId, input.userId)));
    const noAdmin = (await countActiveAdmins(tx, input.companyId)) === 0;

    if (existing && existing.removedAt === null) {
      if (noAdmin && existing.role !== 'admin') {
        await tx.update(profiles).set({ role: 'admin', updatedAt: new Date() }).where(eq(profiles.id, existing.id));
        return { created: false, promoted: true, refused: null };
      }
      return { created: false, promoted: false, refused: null };
    }
    if (existing && !input.allowRejoin) return { created: false, promoted: false, refused: 'removed' };

    const role = noAdmin ? 'admin' : input.role;
    const displayName = await selectAccountName(tx, input.userId);
    const now = new Date();
    if (existing) {
      await tx.update(profiles).set({ removedAt: null, role, updatedAt: now }).where(eq(profiles.id, existing.id));
    } else {
      await tx.insert(profiles).values({ companyId: input.companyId, userId: input.userId, role, displayName });
    }
    await recordMemberJoined(tx, { companyId: input.companyId, userId: input.userId, role, displayName, joinedAt: now });
    return { created: true, promoted: role === 'admin', refused: null };
  });
}

export type ActiveMembershipRef = Pick<MembershipRow, 'id' | 'companyId' | 'role'>;

/** Transaction step (invitations): the person's active membership, read as themself. */
export async function selectActiveMembershipOf(tx: Transaction, userId: UserId): Promise<ActiveMembershipRef | null> {
  const [membership] = await tx
    .select({ id: profiles.id, companyId: profiles.companyId, role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), isNull(profiles.removedAt)));
  return membership ?? null;
}

/** Transaction step (invitations): makes a member admin. */
export async function promoteToAdmin(tx: Transaction, membershipId: string, now: Date): Promise<void> {
  await tx.update(profiles).set({ role: 'admin', updatedAt: now }).where(eq(profiles.id, membershipId));
}

/**
 * Transaction step (invitations): makes the person a member with `role`, named by their account.
 * A removed member who comes back gets the same row (and history) again.
 */
export async function addMember(
  tx: Transaction,
  input: { companyId: CompanyId; userId: UserId; role: 'admin' | 'user'; now: Date },
): Promise<void> {
  const displayName = await selectAccountName(tx, input.userId);
  await tx
    .insert(profiles)
    .values({ companyId: input.companyId, userId: input.userId, role: input.role, displayName, createdAt: input.now, updatedAt: input.now })
    .onConflictDoUpdate({
      target: [profiles.companyId, profiles.userId],
      set: { removedAt: null, role: input.role, updatedAt: input.now },
    });
  await recordMemberJoined(tx, { companyId: input.companyId, userId: input.userId, role: input.role, displayName, joinedAt: input.now });
}

/** A person joining (or coming back), published in the joining transaction (decision 094). */
function recordMemberJoined(
  tx: Transaction,
  member: { companyId: CompanyId; userId: UserId; role: string; displayName: string | null; joinedAt: Date },
): Promise<void> {
  const event = {
    type: 'member.joined' as const,
    userId: member.userId,
    displayName: member.displayName,
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
  };
  return publishDomainEvents(tx, member.companyId, [event], member.joinedAt);
}

/** The company's active admins' addresses and saved languages (who is told when a webhook endpoint is turned off). */
export async function findAdminRecipients(db: Database, companyId: CompanyId): Promise<{ email: string; locale: string | null }[]> {
  return withTenant(db, { companyId, userId: null }, (tx) =>
    tx
      .select({ email: user.email, locale: user.locale })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(and(eq(profiles.companyId, companyId), eq(profiles.role, 'admin'), isNull(profiles.removedAt), isNull(profiles.erasedAt))),
  );
}

// ---- the team ----------------------------------------------------------------------------------

export type MemberRecord = Pick<MembershipRow, 'id' | 'userId' | 'displayName' | 'role' | 'avatarUrl' | 'teamId' | 'onBoards'> &
  Pick<typeof user.$inferSelect, 'email'> & { joinedAt: MembershipRow['createdAt'] };

const memberColumns = {
  id: profiles.id,
  userId: profiles.userId,
  displayName: profiles.displayName,
  email: user.email,
  role: profiles.role,
  avatarUrl: profiles.avatarUrl,
  teamId: profiles.teamId,
  onBoards: profiles.onBoards,
  joinedAt: profiles.createdAt,
};

/** Active members (removed ones keep their row for history but are not on the team). */
export async function findActiveMembers(db: Database, scope: MemberScope): Promise<MemberRecord[]> {
  return withTenant(db, scope, (tx) =>
    tx
      .select(memberColumns)
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(and(eq(profiles.companyId, scope.companyId), isNull(profiles.removedAt)))
      .orderBy(asc(profiles.createdAt), asc(profiles.id)),
  );
}

async function findActiveMember(tx: Transaction, companyId: CompanyId, userId: UserId): Promise<MemberRecord | null> {
  const [row] = await tx
    .select(memberColumns)
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(and(eq(profiles.companyId, companyId), eq(profiles.userId, userId), isNull(profiles.removedAt)));
  return row ?? null;
}

async function countActiveAdmins(tx: Transaction, companyId: CompanyId): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.role, 'admin'), isNull(profiles.removedAt)));
  return Number(row?.n ?? 0);
}

export type MembershipChange =
  { kind: 'done'; member: MemberRecord } | { kind: 'not_found' } | { kind: 'last_admin'; member: MemberRecord };

/**
 * Sets a member's role unless that would leave the company without an admin, and records who did
 * it in the audit log in the same transaction (nothing is recorded when the role stays as it was).
 */
export async function updateMemberRole(
  db: Database,
  scope: MemberScope,
  input: { targetUserId: UserId; role: 'admin' | 'user'; now: Date },
): Promise<MembershipChange> {
  return withTenant(db, scope, async (tx) => {
    await lockCompanyMembership(tx, scope.companyId);
    const member = await findActiveMember(tx, scope.companyId, input.targetUserId);
    if (!member) return { kind: 'not_found' };
    const isAdmin = member.role === 'admin';
    if (isAdmin && input.role !== 'admin' && (await countActiveAdmins(tx, scope.companyId)) <= 1) {
      return { kind: 'last_admin', member };
    }
    if (member.role === input.role) return { kind: 'done', member };
    await tx
      .update(profiles)
      .set({ role: input.role, updatedAt: input.now })
      .where(and(eq(profiles.id, member.id), eq(profiles.companyId, scope.companyId)));
    // A stored 'manager' made 'user' reads the same before and after: tidied, not a change of rights.
    if (normalizeRole(member.role) === input.role) return { kind: 'done', member: { ...member, role: input.role } };
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'member.role_changed', {
        target: { type: 'member', id: member.userId },
        details: { from: normalizeRole(member.role), to: input.role },
        at: input.now,
      }),
    );
    return { kind: 'done', member: { ...member, role: input.role } };
  });
}

/** Puts a member on the boards or leaves them off (decision 081); the change and its audit entry commit together. */
export async function updateMemberOnBoards(
  db: Database,
  scope: MemberScope,
  input: { targetUserId: UserId; onBoards: boolean; now: Date },
): Promise<{ kind: 'done'; member: MemberRecord } | { kind: 'not_found' }> {
  return withTenant(db, scope, async (tx) => {
    const member = await findActiveMember(tx, scope.companyId, input.targetUserId);
    if (!member) return { kind: 'not_found' };
    if (member.onBoards === input.onBoards) return { kind: 'done', member };
    await tx
      .update(profiles)
      .set({ onBoards: input.onBoards, updatedAt: input.now })
      .where(and(eq(profiles.id, member.id), eq(profiles.companyId, scope.companyId)));
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'member.boards_changed', {
        target: { type: 'member', id: member.userId },
        details: { onBoards: input.onBoards },
        at: input.now,
      }),
    );
    return { kind: 'done', member: { ...member, onBoards: input.onBoards } };
  });
}

/**
 * Marks the member removed (the row stays so history keeps the name) unless they are the last
 * admin; the removal and its audit entry commit together.
 */
export async function markMemberRemoved(
  db: Database,
  scope: MemberScope,
  input: { targetUserId: UserId; now: Date },
): Promise<MembershipChange> {
  return withTenant(db, scope, async (tx) => {
    await lockCompanyMembership(tx, scope.companyId);
    const member = await findActiveMember(tx, scope.companyId, input.targetUserId);
    if (!member) return { kind: 'not_found' };
    if (member.role === 'admin' && (await countActiveAdmins(tx, scope.companyId)) <= 1) {
      return { kind: 'last_admin', member };
    }
    await tx
      .update(profiles)
      .set({ removedAt: input.now, updatedAt: input.now })
      .where(and(eq(profiles.id, member.id), eq(profiles.companyId, scope.companyId)));
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'member.removed', {
        target: { type: 'member', id: member.userId },
        details: { role: normalizeRole(member.role) },
        at: input.now,
      }),
    );
    return { kind: 'done', member };
  });
}

/** Transaction step (company settings): how many active members the company has. */
export async function countActiveMembersIn(tx: Transaction, companyId: CompanyId): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), isNull(profiles.removedAt)));
  return Number(row?.n ?? 0);
}

/** How many active members the company has (billing counts them). */
export async function countActiveMembers(db: Database, scope: MemberScope): Promise<number> {
  return withTenant(db, scope, (tx) => countActiveMembersIn(tx, scope.companyId));
}

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
