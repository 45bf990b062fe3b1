import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appSettings, invitations, profiles } from '../../db/schema';
import { withTenant } from '../../db/tenant';

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

/** Upserts the company's settings row (every company gets one at creation; this also heals a missing one). */
export async function upsertSignupSettings(
  db: Database,
  scope: Scope,
  input: { policy: string; accessCode: string | null; updatedAt: Date },
): Promise<SignupSettingsRecord> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .insert(appSettings)
      .values({ companyId: scope.companyId, signupPolicy: input.policy, accessCode: input.accessCode, updatedAt: input.updatedAt })
      .onConflictDoUpdate({
        target: appSettings.companyId,
        set: { signupPolicy: input.policy, accessCode: input.accessCode, updatedAt: input.updatedAt },
      })
      .returning({ policy: appSettings.signupPolicy, accessCode: appSettings.accessCode });
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
