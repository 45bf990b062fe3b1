import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { targets } from '../../db/schema';
import type { CompanyId, UserId } from '../../db/tenant';

/*
 * The one owner of targets (decisions 043, 044). Every function is a step of the service's open
 * transaction (withTenant), so the authorization, the change and its audit entry commit together.
 */

export type TargetRow = Pick<
  typeof targets.$inferSelect,
  'id' | 'subjectKind' | 'userId' | 'teamId' | 'metric' | 'kpiId' | 'period' | 'value' | 'effectiveFrom' | 'endsOn' | 'createdAt'
>;

const targetColumns = {
  id: targets.id,
  subjectKind: targets.subjectKind,
  userId: targets.userId,
  teamId: targets.teamId,
  metric: targets.metric,
  kpiId: targets.kpiId,
  period: targets.period,
  value: targets.value,
  effectiveFrom: targets.effectiveFrom,
  endsOn: targets.endsOn,
  createdAt: targets.createdAt,
};

/** Which targets to read: everyone's (null), or those of these people and these teams. */
export type TargetFilter = { userIds: readonly UserId[]; teamIds: readonly string[] } | null;

/** The company's targets (or those the filter names), every row of their history. */
export async function selectTargets(tx: Transaction, companyId: CompanyId, filter: TargetFilter): Promise<TargetRow[]> {
  const subjects =
    filter === null
      ? undefined
      : or(
          filter.userIds.length > 0 ? and(eq(targets.subjectKind, 'person'), inArray(targets.userId, [...filter.userIds])) : undefined,
          filter.teamIds.length > 0 ? and(eq(targets.subjectKind, 'team'), inArray(targets.teamId, [...filter.teamIds])) : undefined,
        );
  if (filter !== null && subjects === undefined) return [];
  return tx
    .select(targetColumns)
    .from(targets)
    .where(and(eq(targets.companyId, companyId), subjects))
    .orderBy(
      desc(targets.subjectKind),
      asc(targets.teamId),
      asc(targets.userId),
      asc(targets.metric),
      asc(targets.kpiId),
      asc(targets.period),
      desc(targets.effectiveFrom),
    );
}

export async function selectTargetById(tx: Transaction, companyId: CompanyId, id: string): Promise<TargetRow | null> {
  const [row] = await tx
    .select(targetColumns)
    .from(targets)
    .where(and(eq(targets.companyId, companyId), eq(targets.id, id)));
  return row ?? null;
}

/**
 * Sets a target from a date: a second target for the same subject, metric (and KPI), period and date
 * replaces the first (and undoes an end). The caller has checked the subject.
 */
export async function upsertTarget(
  tx: Transaction,
  companyId: CompanyId,
  values: {
    subject: { kind: 'person'; userId: UserId } | { kind: 'team'; teamId: string };
    metric: string;
    /** '' for a built-in metric. */
    kpiId: string;
    period: string;
    value: number;
    effectiveFrom: string;
    createdBy: UserId;
    createdAt: Date;
  },
): Promise<TargetRow> {
  const { subject, ...rest } = values;
  const isTeam = subject.kind === 'team';
  const [row] = await tx
    .insert(targets)
    .values({
      ...rest,
      companyId,
      subjectKind: subject.kind,
      userId: isTeam ? null : subject.userId,
      teamId: isTeam ? subject.teamId : null,
    })
    .onConflictDoUpdate({
      target: isTeam
        ? [targets.companyId, targets.subjectKind, targets.teamId, targets.metric, targets.kpiId, targets.period, targets.effectiveFrom]
        : [targets.companyId, targets.subjectKind, targets.userId, targets.metric, targets.kpiId, targets.period, targets.effectiveFrom],
      set: { value: values.value, endsOn: null, createdBy: values.createdBy, createdAt: values.createdAt },
    })
    .returning(targetColumns);
  return row!;
}

/**
 * Ends a target from `today`: one already in force keeps its past (ends_on = today); one that has
 * not started yet, or starts today, never counted for anything and is removed.
 */
export async function endTargetFrom(
  tx: Transaction,
  companyId: CompanyId,
  row: TargetRow,
  today: string,
): Promise<{ row: TargetRow; removed: boolean; changed: boolean }> {
  const where = and(eq(targets.companyId, companyId), eq(targets.id, row.id));
  if (row.effectiveFrom >= today) {
    await tx.delete(targets).where(where);
    return { row: { ...row, endsOn: row.effectiveFrom }, removed: true, changed: true };
  }
  if (row.endsOn !== null && row.endsOn <= today) return { row, removed: false, changed: false };
  const [ended] = await tx.update(targets).set({ endsOn: today }).where(where).returning(targetColumns);
  return { row: ended!, removed: false, changed: true };
}
