import { SIGNUP_POLICIES, type SignupPolicy } from '@core/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, invitations, profiles } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';

export type Scope = { companyId: string; userId: string | null };

export type SignupSettingsRecord = { policy: string; accessCode: string | null };

export async function findSignupSettings(db: Database, scope: Scope): Promise<SignupSettingsRecord> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .select({ policy: appSettings.signupPolicy, accessCode: appSettings.accessCode })
      .from(appSettings)
      .where(eq(appSettings.companyId, scope.companyId));
    return row ?? { policy: 'open', accessCode: null };
  });
}

/** How the access code changed, for the audit log, which never holds the code itself. */
function describeAccessCodeChange(before: string | null, after: string | null): 'set' | 'changed' | 'removed' | undefined {
  if (before === after) return undefined;
  if (before === null) return 'set';
  return after === null ? 'removed' : 'changed';
}

/** A stored policy as one we know; anything else reads as the default, open. */
export const toSignupPolicy = (value: string): SignupPolicy =>
  (SIGNUP_POLICIES as readonly string[]).includes(value) ? (value as SignupPolicy) : 'open';

/**
 * Upserts the company's settings row (every company gets one at creation; this also heals a
 * missing one) and records in the same transaction what changed: the policy before and after, and
 * whether the access code was set, changed or removed (never the code).
 */
export async function upsertSignupSettings(
  db: Database,
  scope: Scope & { userId: string },
  input: { policy: string; accessCode: string | null; updatedAt: Date },
): Promise<SignupSettingsRecord> {
  return withTenant(db, scope, async (tx) => {
    const [current] = await tx
      .select({ policy: appSettings.signupPolicy, accessCode: appSettings.accessCode })
      .from(appSettings)
      .where(eq(appSettings.companyId, scope.companyId))
      .for('update');
    const before = current ?? { policy: 'open', accessCode: null };
    const [row] = await tx
      .insert(appSettings)
      .values({ companyId: scope.companyId, signupPolicy: input.policy, accessCode: input.accessCode, updatedAt: input.updatedAt })
      .onConflictDoUpdate({
        target: appSettings.companyId,
        set: { signupPolicy: input.policy, accessCode: input.accessCode, updatedAt: input.updatedAt },
      })
      .returning({ policy: appSettings.signupPolicy, accessCode: appSettings.accessCode });
    const [from, to] = [toSignupPolicy(before.policy), toSignupPolicy(row!.policy)];
    const policy = from === to ? undefined : { from, to };
    const accessCode = describeAccessCodeChange(before.accessCode, row!.accessCode);
    if (policy || accessCode) {
      await insertAuditEvent(
        tx,
        createAuditEvent(scope, 'signup_policy.changed', {
          target: { type: 'company', id: scope.companyId },
          details: { ...(policy && { policy }), ...(accessCode && { accessCode }) },
          at: input.updatedAt,
        }),
      );
    }
    return row!;
  });
}

/** Whether a code is an unused, unexpired invitation of the company (read by presenting the code). */
export async function isActiveInvitation(db: Database, input: { code: string; companyId: string; now: Date }): Promise<boolean> {
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

export async function countActiveMembers(db: Database, scope: Scope): Promise<number> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(and(eq(profiles.companyId, scope.companyId), isNull(profiles.removedAt)));
    return Number(row?.n ?? 0);
  });
}
