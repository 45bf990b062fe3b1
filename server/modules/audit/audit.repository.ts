import type { AuditAction } from '@core/contracts';
import type { Transaction } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditEvent = {
  companyId: string;
  /** The user who acted; null for the system. */
  actorUserId: string | null;
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
