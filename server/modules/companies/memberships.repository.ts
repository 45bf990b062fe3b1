import { buildAvatarPath } from '@core/contracts';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { selectAccountName } from '../../auth/accounts';
import type { Database, Transaction } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { type CompanyId, enterCompany, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { publishDomainEvents } from '../../events/domain-events';
import { type CompanyRow, insertCompanyWithDefaults, selectCompany } from './companies.repository';

/*
 * The owner of memberships (the profiles table: who belongs to which company, with which role,
 * name and picture), with members.repository.ts (an admin's changes) and member-views.repository.ts
 * (other modules' reads). This file: the person's own membership and joining. Other modules reach
 * them through memberships.service: whole operations for their services, and transaction steps
 * (functions taking the open transaction) where their own change must commit together with a
 * membership's (accepting an invitation, uploading a picture) or read it in the same snapshot (the
 * scoreboards).
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
 * "the first admin". The privacy module's erasure takes it too (a transaction step of
 * memberships.service).
 */
export async function lockCompanyMembership(tx: Transaction, companyId: CompanyId): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${companyId}))`);
}

/** Transaction step: how many active admins the company has (under lockCompanyMembership). */
export async function countActiveAdmins(tx: Transaction, companyId: CompanyId): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.role, 'admin'), isNull(profiles.removedAt)));
  return Number(row?.n ?? 0);
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

export type ActiveMembershipRef = Pick<MembershipRow, 'id' | 'companyId' | 'role' | 'teamId'>;

/** Transaction step (invitations): the person's active membership, read as themself. */
export async function selectActiveMembershipOf(tx: Transaction, userId: UserId): Promise<ActiveMembershipRef | null> {
  const [membership] = await tx
    .select({ id: profiles.id, companyId: profiles.companyId, role: profiles.role, teamId: profiles.teamId })
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
