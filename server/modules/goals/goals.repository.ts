import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { goals } from '../../db/schema';
import { type CompanyId, type MemberScope, type UserId, withTenant } from '../../db/tenant';

export type GoalsRow = Pick<typeof goals.$inferSelect, 'dailyCalls' | 'dailyMeetings' | 'dailySales' | 'typeGoals' | 'updatedAt'>;

/** What a save writes; `typeGoals` left out keeps the goals on own types as they are (decision 106). */
export type GoalsValues = {
  dailyCalls: number;
  dailyMeetings: number;
  dailySales: number;
  typeGoals?: Record<string, number>;
  updatedAt: Date;
};

const goalColumns = {
  dailyCalls: goals.dailyCalls,
  dailyMeetings: goals.dailyMeetings,
  dailySales: goals.dailySales,
  typeGoals: goals.typeGoals,
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

/**
 * Transaction step: sets a member's goals, one row per company and user, inserted the first time
 * and updated after (race-safe upsert); the member's own save or a lead's or admin's change (the
 * policies of migration 0026 agree).
 */
export async function upsertGoalsOf(tx: Transaction, companyId: CompanyId, userId: UserId, values: GoalsValues): Promise<GoalsRow> {
  const [row] = await tx
    .insert(goals)
    .values({ ...values, companyId, userId })
    .onConflictDoUpdate({ target: [goals.companyId, goals.userId], set: values })
    .returning(goalColumns);
  return row!;
}
