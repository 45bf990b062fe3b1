import { normalizeRole } from '@core/contracts';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';

export type Scope = { companyId: string; userId: string };

export type MemberRecord = {
  id: string;
  userId: string;
  displayName: string | null;
  email: string;
  role: string;
  avatarUrl: string | null;
  joinedAt: Date;
};

const memberColumns = {
  id: profiles.id,
  userId: profiles.userId,
  displayName: profiles.displayName,
  email: user.email,
  role: profiles.role,
  avatarUrl: profiles.avatarUrl,
  joinedAt: profiles.createdAt,
};

/** Active members (removed ones keep their row for history but are not on the team). */
export async function findActiveMembers(db: Database, scope: Scope): Promise<MemberRecord[]> {
  return withTenant(db, scope, (tx) =>
    tx
      .select(memberColumns)
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(and(eq(profiles.companyId, scope.companyId), isNull(profiles.removedAt)))
      .orderBy(asc(profiles.createdAt), asc(profiles.id)),
  );
}

/**
 * Serialises role changes and removals per company (the same lock key as joining, so a first
 * sign-in cannot race them either): two admins demoting each other at once must not leave the
 * company without an admin.
 */
async function lockCompanyMembership(tx: Transaction, companyId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${companyId}))`);
}

async function findActiveMember(tx: Transaction, companyId: string, userId: string): Promise<MemberRecord | null> {
  const [row] = await tx
    .select(memberColumns)
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .where(and(eq(profiles.companyId, companyId), eq(profiles.userId, userId), isNull(profiles.removedAt)));
  return row ?? null;
}

async function countActiveAdmins(tx: Transaction, companyId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(eq(profiles.companyId, companyId), eq(profiles.role, 'admin'), isNull(profiles.removedAt)));
  return Number(row?.n ?? 0);
}

export type MembershipChange =
  | { kind: 'done'; member: MemberRecord }
  | { kind: 'not_found' }
  | { kind: 'last_admin'; member: MemberRecord };

/**
 * Sets a member's role unless that would leave the company without an admin, and records who did
 * it in the audit log in the same transaction (nothing is recorded when the role stays as it was).
 */
export async function updateMemberRole(
  db: Database,
  scope: Scope,
  input: { targetUserId: string; role: 'admin' | 'user'; now: Date },
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

/**
 * Marks the member removed (the row stays so history keeps the name) unless they are the last
 * admin; the removal and its audit entry commit together.
 */
export async function markMemberRemoved(
  db: Database,
  scope: Scope,
  input: { targetUserId: string; now: Date },
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
