import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { goals } from '../../db/schema';
import { type CompanyId, type MemberScope, type UserId, withTenant } from '../../db/tenant';

export type GoalsRow = Pick<typeof goals.$inferSelect, 'dailyCalls' | 'dailyMeetings' | 'dailySales' | 'updatedAt'>;

const goalColumns = {
  dailyCalls: goals.dailyCalls,
  dailyMeetings: goals.dailyMeetings,
  dailySales: goals.dailySales,
  updatedAt: goals.updatedAt,
};

/** The caller's goals in their company, or null before the first save, in the caller's transaction. */
export async function selectOwnGoals(tx: Transaction, scope: MemberScope): Promise<GoalsRow | null> {
  const [row] = await tx
    .select(goalColumns)
    .from(goals)
    .where(and(eq(goals.companyId, scope.companyId), eq(goals.userId, scope.userId)));
  return row ?? null;
}

/** Transaction step (exports): the saved goals of the company's people (or of one), in no particular order. */
export async function selectCompanyGoals(
  tx: Transaction,
  companyId: CompanyId,
  userId: UserId | null,
): Promise<(GoalsRow & { userId: UserId })[]> {
  return tx
    .select({ userId: goals.userId, ...goalColumns })
    .from(goals)
    .where(and(eq(goals.companyId, companyId), userId === null ? undefined : eq(goals.userId, userId)));
}

/** The caller's goals in their company, or null before the first save. */
export async function findOwnGoals(db: Database, scope: MemberScope): Promise<GoalsRow | null> {
  return withTenant(db, scope, (tx) => selectOwnGoals(tx, scope));
}

/** One row per company and user: inserted the first time, updated after (race-safe upsert). */
export async function upsertOwnGoals(
  db: Database,
  scope: MemberScope,
  values: { dailyCalls: number; dailyMeetings: number; dailySales: number; updatedAt: Date },
): Promise<GoalsRow> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .insert(goals)
      .values({ ...values, companyId: scope.companyId, userId: scope.userId })
      .onConflictDoUpdate({ target: [goals.companyId, goals.userId], set: values })
      .returning(goalColumns);
    return row!;
  });
}

/** Transaction step: sets a member's goals (a lead's or admin's change; the policies of migration 0026 agree). */
export async function upsertGoalsOf(
  tx: Transaction,
  companyId: CompanyId,
  userId: UserId,
  values: { dailyCalls: number; dailyMeetings: number; dailySales: number; updatedAt: Date },
): Promise<GoalsRow> {
  const [row] = await tx
    .insert(goals)
    .values({ ...values, companyId, userId })
    .onConflictDoUpdate({ target: [goals.companyId, goals.userId], set: values })
    .returning(goalColumns);
  return row!;
}
