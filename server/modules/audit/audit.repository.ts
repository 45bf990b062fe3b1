import type { AuditAction } from '@core/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../../db/client';
import { auditLog, profiles, user } from '../../db/schema';
import { type MemberScope, withTenant } from '../../db/tenant';

type AuditLogRow = typeof auditLog.$inferSelect;

/** One change to record: the row's columns (the actor null for the system), optional ones optional. */
export type AuditEvent = Pick<AuditLogRow, 'companyId' | 'actorUserId'> & {
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  /** What changed. Never a secret, a token or a password. */
  details?: Record<string, unknown>;
  at: Date;
};

/**
 * Appends one audit event inside the transaction of the change it records (a withTenant
 * transaction of the same company), so the log and the change commit or fail together.
 */
export async function insertAuditEvent(tx: Transaction, event: AuditEvent): Promise<void> {
  await tx.insert(auditLog).values({
    companyId: event.companyId,
    actorUserId: event.actorUserId,
    action: event.action,
    targetType: event.targetType ?? null,
    targetId: event.targetId ?? null,
    details: event.details ?? {},
    createdAt: event.at,
  });
}

/** Erased and not back since (a re-invited person is named as they are now). */
const isErasedAndGone = (erasedAt: Date | null, removedAt: Date | null) => erasedAt !== null && removedAt !== null;

/** A person as the company knows them now: null when they have no profile in it any more. */
export type AuditPersonRecord = { name: string; removed: boolean } | null;

export type AuditEntryRecord = Pick<AuditLogRow, 'id' | 'action' | 'actorUserId' | 'targetType' | 'targetId' | 'details' | 'createdAt'> & {
  actor: AuditPersonRecord;
  /** The target's profile, for member targets. */
  targetMember: AuditPersonRecord;
};

/**
 * One page of the company's audit log, newest first: `limit` entries older than the entry `before`
 * (keyset pagination on (created_at, id), served by audit_log_company_created_idx), optionally of
 * one action. People are looked up now, not copied into the log: a name changed or erased since
 * shows as it is today (decision 021).
 */
export async function findAuditEntries(
  db: Database,
  scope: MemberScope,
  input: { limit: number; before?: string; action?: AuditAction },
): Promise<AuditEntryRecord[]> {
  const actorProfile = alias(profiles, 'actor_profile');
  const actorUser = alias(user, 'actor_user');
  const targetProfile = alias(profiles, 'target_profile');
  const targetUser = alias(user, 'target_user');
  return withTenant(db, scope, async (tx) => {
    const rows = await tx
      .select({
        entry: auditLog,
        actorName: actorProfile.displayName,
        actorEmail: actorUser.email,
        actorRemovedAt: actorProfile.removedAt,
        actorErasedAt: actorProfile.erasedAt,
        actorProfileId: actorProfile.id,
        targetName: targetProfile.displayName,
        targetEmail: targetUser.email,
        targetRemovedAt: targetProfile.removedAt,
        targetErasedAt: targetProfile.erasedAt,
        targetProfileId: targetProfile.id,
      })
      .from(auditLog)
      .leftJoin(actorProfile, and(eq(actorProfile.companyId, auditLog.companyId), eq(actorProfile.userId, auditLog.actorUserId)))
      .leftJoin(actorUser, eq(actorUser.id, actorProfile.userId))
      .leftJoin(
        targetProfile,
        and(
          eq(auditLog.targetType, 'member'),
          eq(targetProfile.companyId, auditLog.companyId),
          eq(targetProfile.userId, auditLog.targetId),
        ),
      )
      .leftJoin(targetUser, eq(targetUser.id, targetProfile.userId))
      .where(
        and(
          eq(auditLog.companyId, scope.companyId),
          input.action ? eq(auditLog.action, input.action) : undefined,
          // An unknown cursor (or another company's, which row-level security hides) matches nothing.
          input.before
            ? sql`(${auditLog.createdAt}, ${auditLog.id}) < (SELECT c.created_at, c.id FROM ${auditLog} c WHERE c.id = ${input.before})`
            : undefined,
        ),
      )
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(input.limit);
    return rows.map((r) => ({
      id: r.entry.id,
      action: r.entry.action,
      actorUserId: r.entry.actorUserId,
      // Someone erased and gone (decision 022) is unknown here now, as if their profile were gone:
      // no name, and not the e-mail either (a tombstone's placeholder, or an account kept elsewhere).
      actor:
        r.actorProfileId && !isErasedAndGone(r.actorErasedAt, r.actorRemovedAt)
          ? { name: r.actorName ?? r.actorEmail ?? '', removed: r.actorRemovedAt !== null }
          : null,
      targetType: r.entry.targetType,
      targetId: r.entry.targetId,
      targetMember:
        r.targetProfileId && !isErasedAndGone(r.targetErasedAt, r.targetRemovedAt)
          ? { name: r.targetName ?? r.targetEmail ?? '', removed: r.targetRemovedAt !== null }
          : null,
      details: r.entry.details,
      createdAt: r.entry.createdAt,
    }));
  });
}
