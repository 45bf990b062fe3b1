import { normalizeRole } from '@core/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { type CompanyId, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { countActiveAdmins, lockCompanyMembership, type MembershipRow } from './memberships.repository';

/*
 * The company's members as an admin manages them (memberships, the profiles table: its owner is
 * this file with memberships.repository.ts and member-views.repository.ts): the list, a role,
 * whether a member shows on the boards, removal, and the counts. Each change takes the company's
 * membership lock, so that no change leaves the company without an admin.
 */

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

/**
 * Transaction step (inbound sources, decision 120): the active member with this e-mail address (in
 * any case) or user id, and their role; null when the company has no such member.
 */
export async function selectActiveMemberIn(
  tx: Transaction,
  companyId: CompanyId,
  who: { by: 'email' | 'id'; value: string },
): Promise<{ userId: UserId; role: ReturnType<typeof normalizeRole> } | null> {
  const [row] = await tx
    .select({ userId: profiles.userId, role: profiles.role })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(
      and(
        eq(profiles.companyId, companyId),
        isNull(profiles.removedAt),
        who.by === 'email' ? eq(sql`lower(${user.email})`, who.value.toLowerCase()) : eq(profiles.userId, who.value as UserId),
      ),
    );
  return row ? { userId: row.userId, role: normalizeRole(row.role) } : null;
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
