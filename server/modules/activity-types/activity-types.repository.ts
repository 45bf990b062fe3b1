import { and, asc, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { StoredActivityTypeDefinition } from '@core/activity-types';
import {
  type ActivityBonus,
  BONUS_KINDS,
  type BonusKind,
  type BuiltInKind,
  BUILT_IN_KPI_TYPES,
  type LocalizedNames,
} from '@core/contracts';
import type { Transaction } from '../../db/client';
import { activityTypes } from '../../db/schema';
import type { CompanyId } from '../../db/tenant';

/*
 * The one owner of activity_types (decision 100). Every function is a step of the caller's open
 * transaction (withTenant in the service).
 */

export type ActivityTypeRow = typeof activityTypes.$inferSelect;

/**
 * The company's own types (its own and its templates'), not the rows of the five built-in kinds
 * (decision 114): those name the built-in activities and are not listed, logged as an own type,
 * edited, archived or deleted here.
 */
const isOwnType = or(isNull(activityTypes.key), notInArray(activityTypes.key, [...BUILT_IN_KPI_TYPES]));
const ownTypeOf = (companyId: CompanyId, id: string) => and(eq(activityTypes.companyId, companyId), eq(activityTypes.id, id), isOwnType);

/** Live types in their order, then archived ones by when they were archived. */
export async function selectActivityTypes(tx: Transaction, companyId: CompanyId): Promise<ActivityTypeRow[]> {
  return tx
    .select()
    .from(activityTypes)
    .where(and(eq(activityTypes.companyId, companyId), isOwnType))
    .orderBy(
      sql`${activityTypes.archivedAt} is not null`,
      asc(activityTypes.position),
      asc(activityTypes.archivedAt),
      asc(activityTypes.createdAt),
    );
}

export async function selectActivityType(tx: Transaction, companyId: CompanyId, id: string): Promise<ActivityTypeRow | null> {
  const [row] = await tx.select().from(activityTypes).where(ownTypeOf(companyId, id));
  return row ?? null;
}

/** How many of each type a member logged from a day on (the type rollup's counts), by type id. */
export async function selectTypeUse(
  tx: Transaction,
  companyId: CompanyId,
  userId: string,
  from: string,
  to: string | null = null,
): Promise<Record<string, number>> {
  const result = await tx.execute(sql`
    SELECT type_id::text AS type_id, sum(activities)::int AS count
      FROM activity_type_day_stats
     WHERE company_id = ${companyId}::uuid AND user_id = ${userId} AND day >= ${from}::date
       AND (${to}::date IS NULL OR day <= ${to}::date)
     GROUP BY type_id`);
  const rows = (result as unknown as { rows: { type_id: string; count: number }[] }).rows;
  return Object.fromEntries(rows.filter((row) => Number(row.count) > 0).map((row) => [row.type_id, Number(row.count)]));
}

/**
 * One change to a company's types at a time: names are checked against the others and the count
 * against the limit before the write, so two admins saving at once must not both pass.
 */
export async function lockActivityTypes(tx: Transaction, companyId: CompanyId): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`activity_types:${companyId}`}, 0))`);
}

export async function insertActivityType(
  tx: Transaction,
  companyId: CompanyId,
  input: { definition: StoredActivityTypeDefinition; key?: string | null; position: number; now: Date },
): Promise<ActivityTypeRow> {
  const [row] = await tx
    .insert(activityTypes)
    .values({
      companyId,
      ...input.definition,
      key: input.key ?? null,
      position: input.position,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row!;
}

export async function updateActivityTypeDefinition(
  tx: Transaction,
  companyId: CompanyId,
  input: { id: string; definition: StoredActivityTypeDefinition; now: Date },
): Promise<ActivityTypeRow | null> {
  const [row] = await tx
    .update(activityTypes)
    .set({ ...input.definition, updatedAt: input.now })
    .where(ownTypeOf(companyId, input.id))
    .returning();
  return row ?? null;
}

/** Archives (a date) or restores (null) a type; a restored one goes to the end of the live list. */
export async function setActivityTypeArchived(
  tx: Transaction,
  companyId: CompanyId,
  input: { id: string; archivedAt: Date | null; position?: number; now: Date },
): Promise<ActivityTypeRow | null> {
  const [row] = await tx
    .update(activityTypes)
    .set({ archivedAt: input.archivedAt, updatedAt: input.now, ...(input.position === undefined ? {} : { position: input.position }) })
    .where(ownTypeOf(companyId, input.id))
    .returning();
  return row ?? null;
}

export async function deleteActivityTypeRow(tx: Transaction, companyId: CompanyId, id: string): Promise<boolean> {
  const rows = await tx.delete(activityTypes).where(ownTypeOf(companyId, id)).returning({ id: activityTypes.id });
  return rows.length > 0;
}

/** The daily bonus of each built-in kind that can have one (decision 115), by key. */
export async function selectBuiltInKindBonuses(tx: Transaction, companyId: CompanyId): Promise<Map<BonusKind, ActivityBonus | null>> {
  const rows = await tx
    .select({ key: activityTypes.key, bonus: activityTypes.bonus })
    .from(activityTypes)
    .where(and(eq(activityTypes.companyId, companyId), inArray(activityTypes.key, [...BONUS_KINDS])));
  return new Map(rows.map((row) => [row.key as BonusKind, row.bonus ?? null]));
}

/** Sets a built-in kind's daily bonus (null: none); answers its row's id and names, null when the company has no such row. */
export async function updateBuiltInKindBonus(
  tx: Transaction,
  companyId: CompanyId,
  input: { key: BonusKind; bonus: ActivityBonus | null; now: Date },
): Promise<Pick<ActivityTypeRow, 'id' | 'names'> | null> {
  const [row] = await tx
    .update(activityTypes)
    .set({ bonus: input.bonus, updatedAt: input.now })
    .where(and(eq(activityTypes.companyId, companyId), eq(activityTypes.key, input.key)))
    .returning({ id: activityTypes.id, names: activityTypes.names });
  return row ?? null;
}

/** The rows of the built-in kinds the company renamed (decision 116): key, id, names and a call's outcomes. */
export async function selectRenamedKinds(
  tx: Transaction,
  companyId: CompanyId,
): Promise<(Pick<ActivityTypeRow, 'id' | 'names' | 'outcomes'> & { key: BuiltInKind })[]> {
  const rows = await tx
    .select({ key: activityTypes.key, id: activityTypes.id, names: activityTypes.names, outcomes: activityTypes.outcomes })
    .from(activityTypes)
    .where(
      and(eq(activityTypes.companyId, companyId), eq(activityTypes.renamed, true), inArray(activityTypes.key, [...BUILT_IN_KPI_TYPES])),
    );
  return rows.map((row) => ({ ...row, key: row.key as BuiltInKind }));
}

/**
 * Names a built-in kind's row: the company's names (renamed), or the app's again. Answers its row's
 * id and names, null when the company has no such row.
 */
export async function updateBuiltInKindNames(
  tx: Transaction,
  companyId: CompanyId,
  input: { key: BuiltInKind; names: LocalizedNames; renamed: boolean; now: Date },
): Promise<Pick<ActivityTypeRow, 'id' | 'names'> | null> {
  const [row] = await tx
    .update(activityTypes)
    .set({ names: input.names, renamed: input.renamed, updatedAt: input.now })
    .where(and(eq(activityTypes.companyId, companyId), eq(activityTypes.key, input.key)))
    .returning({ id: activityTypes.id, names: activityTypes.names });
  return row ?? null;
}
