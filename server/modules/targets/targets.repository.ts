import { and, asc, between, desc, eq } from 'drizzle-orm';
import type { WorkingCalendar } from '@core/pacing';
import type { Database, Transaction } from '../../db/client';
import { dailyUserStats, targets } from '../../db/schema';
import { type CompanyId, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { loadWorkingCalendar } from '../calendar/calendar.service';
import { hasMembershipIn, selectActiveMembershipOf } from '../companies/memberships.service';

export type TargetRow = Pick<
  typeof targets.$inferSelect,
  'id' | 'userId' | 'metric' | 'period' | 'value' | 'effectiveFrom' | 'endsOn' | 'createdAt'
>;
export type DayStatsRow = typeof dailyUserStats.$inferSelect;

const targetColumns = {
  id: targets.id,
  userId: targets.userId,
  metric: targets.metric,
  period: targets.period,
  value: targets.value,
  effectiveFrom: targets.effectiveFrom,
  endsOn: targets.endsOn,
  createdAt: targets.createdAt,
};

function selectTargetsOf(tx: Transaction, companyId: CompanyId, userId: UserId | null): Promise<TargetRow[]> {
  return tx
    .select(targetColumns)
    .from(targets)
    .where(
      and(eq(targets.companyId, companyId), eq(targets.subjectKind, 'person'), userId === null ? undefined : eq(targets.userId, userId)),
    )
    .orderBy(asc(targets.userId), asc(targets.metric), asc(targets.period), desc(targets.effectiveFrom));
}

/** The company's person targets (or one person's), every row of their history; null when that person never was a member. */
export async function findTargets(db: Database, scope: MemberScope, userId: UserId | null): Promise<TargetRow[] | null> {
  return withTenant(db, scope, async (tx) => {
    if (userId !== null && !(await hasMembershipIn(tx, scope.companyId, userId))) return null;
    return selectTargetsOf(tx, scope.companyId, userId);
  });
}

/**
 * Sets a person's target from a date: a second target for the same person, metric, period and
 * date replaces the first (and undoes an end). Null when the person is not an active member.
 */
export async function upsertTarget(
  db: Database,
  scope: MemberScope,
  values: { userId: UserId; metric: string; period: string; value: number; effectiveFrom: string; createdAt: Date },
): Promise<TargetRow | null> {
  return withTenant(db, scope, async (tx) => {
    const membership = await selectActiveMembershipOf(tx, values.userId);
    if (membership?.companyId !== scope.companyId) return null;
    const [row] = await tx
      .insert(targets)
      .values({ ...values, companyId: scope.companyId, subjectKind: 'person', createdBy: scope.userId })
      .onConflictDoUpdate({
        target: [targets.companyId, targets.subjectKind, targets.userId, targets.metric, targets.period, targets.effectiveFrom],
        set: { value: values.value, endsOn: null, createdBy: scope.userId, createdAt: values.createdAt },
      })
      .returning(targetColumns);
    return row!;
  });
}

/**
 * Ends a target from `today`: one already in force keeps its past (ends_on = today); one that has
 * not started yet, or starts today, never counted for anything and is removed. Null: no such target.
 */
export async function endTargetFrom(db: Database, scope: MemberScope, id: string, today: string): Promise<TargetRow | null> {
  return withTenant(db, scope, async (tx) => {
    const [row] = await tx
      .select(targetColumns)
      .from(targets)
      .where(and(eq(targets.companyId, scope.companyId), eq(targets.id, id)));
    if (!row) return null;
    if (row.effectiveFrom >= today) {
      await tx.delete(targets).where(and(eq(targets.companyId, scope.companyId), eq(targets.id, id)));
      return { ...row, endsOn: row.effectiveFrom };
    }
    if (row.endsOn !== null && row.endsOn <= today) return row;
    const [ended] = await tx
      .update(targets)
      .set({ endsOn: today })
      .where(and(eq(targets.companyId, scope.companyId), eq(targets.id, id)))
      .returning(targetColumns);
    return ended!;
  });
}

/**
 * A person's targets, the company's working calendar and the person's daily rollup rows of
 * [from, to], in one snapshot: progress is the sum of the rollups, as on every board.
 */
export async function findTargetsCalendarAndStats(
  db: Database,
  scope: MemberScope,
  userId: UserId,
  from: string,
  to: string,
): Promise<{ targets: TargetRow[]; calendar: WorkingCalendar; stats: DayStatsRow[] }> {
  return withTenant(db, scope, async (tx) => {
    const rows = await selectTargetsOf(tx, scope.companyId, userId);
    const calendar = await loadWorkingCalendar(tx, scope.companyId);
    const stats =
      rows.length === 0
        ? []
        : await tx
            .select()
            .from(dailyUserStats)
            .where(
              and(eq(dailyUserStats.companyId, scope.companyId), eq(dailyUserStats.userId, userId), between(dailyUserStats.day, from, to)),
            );
    return { targets: rows, calendar, stats };
  });
}
