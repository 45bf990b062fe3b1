import {
  ACTIVITY_TYPE_TEMPLATE_TYPES,
  cleanNames,
  findNameClash,
  kindOfBuiltInType,
  mergeActivityTypeDefinition,
  parseBuiltInKindWord,
  pickName,
  type StoredActivityTypeDefinition,
} from '@core/activity-types';
import {
  ACTIVITY_TYPE_USE_DAYS,
  ACTIVITY_TYPES_PER_COMPANY_MAX,
  type ActivityBonus,
  type ActivityType,
  type ActivityTypeDefinition,
  type ActivityTypeList,
  type AddActivityTypeTemplate,
  BONUS_KINDS,
  type BonusKind,
  type BuiltInKindBonus,
  type BuiltInKindBonusInput,
  type BuiltInKind,
  type BuiltInKindNamesInput,
  BUILT_IN_KINDS,
  type RenamedKind,
  type AuditAction,
  type LocalizedNames,
} from '@core/contracts';
import { BUILT_IN_KPI_TYPE_SHAPES } from '@core/kpi-formulas';
import { addDays, computeLocalDate, type LocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import { findSqlState } from '../../db/errors';
import { type CompanyId, withTenant } from '../../db/tenant';
import { HttpError, notFound } from '../../lib/http';
import { selectTypesInUse } from '../activities/activities.service';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import {
  type ActivityTypeRow,
  deleteActivityTypeRow,
  insertActivityType,
  lockActivityTypes,
  selectActivityType,
  selectActivityTypes,
  selectBuiltInKindBonuses,
  selectRenamedKinds,
  selectTypeUse,
  setActivityTypeArchived,
  updateActivityTypeDefinition,
  updateBuiltInKindBonus,
  updateBuiltInKindNames,
} from './activity-types.repository';

/*
 * A company's own activity types (decision 100): every member lists them (the log dialogs);
 * admins create, change, archive, restore and delete them, or add a template's. A type in use is
 * archived, never deleted, and what it held stays in it, archived, so history reads the same.
 */

const typeNotFound = () => notFound('No such activity type in your company.');
const typeInUse = () =>
  new HttpError(409, 'type_in_use', 'This type has activities, so it cannot be deleted. Archive it instead: its history stays.');

function toActivityType(row: ActivityTypeRow, inUse: boolean): ActivityType {
  return {
    id: row.id,
    names: row.names as Record<string, string>,
    icon: row.icon,
    colour: row.colour,
    points: row.points,
    // An outcome stored before celebrations (decision 105) celebrates nothing, as the database reads it.
    outcomes: row.outcomes.map((outcome) => ({ ...outcome, celebrate: outcome.celebrate ?? false })),
    fields: row.fields,
    bonus: row.bonus ?? null,
    celebrate: row.celebrate,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    inUse,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const storedDefinitionOf = (row: ActivityTypeRow): StoredActivityTypeDefinition => ({
  names: row.names,
  icon: row.icon,
  colour: row.colour,
  points: row.points,
  outcomes: row.outcomes,
  fields: row.fields,
  bonus: row.bonus ?? null,
  celebrate: row.celebrate,
});

/** The type's name in the audit log: the company's first name for it (names are no one's personal data). */
const auditName = (names: LocalizedNames) => pickName(names, 'en');

const nameTaken = (name: string) => new HttpError(409, 'type_exists', `A type named "${name}" already exists (perhaps archived).`);

async function readTypes(tx: Transaction, companyId: CompanyId): Promise<ActivityType[]> {
  const rows = await selectActivityTypes(tx, companyId);
  const inUse = await selectTypesInUse(
    tx,
    companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toActivityType(row, inUse.has(row.id)));
}

async function readType(tx: Transaction, companyId: CompanyId, id: string): Promise<ActivityType> {
  const row = await selectActivityType(tx, companyId, id);
  if (!row) throw typeNotFound();
  const inUse = await selectTypesInUse(tx, companyId, [id]);
  return toActivityType(row, inUse.has(id));
}

async function audit(tx: Transaction, deps: AppDeps, actor: Actor, action: AuditAction, id: string, names: LocalizedNames) {
  await insertAuditEvent(
    tx,
    createAuditEvent(memberScopeOf(actor), action, {
      target: { type: 'activity_type', id },
      details: { name: auditName(names), names },
      at: deps.now(),
    }),
  );
}

/** Transaction step (exports): the company's own types, archived ones too (history names them), in the list's order. */
export async function selectActivityTypesIn(
  tx: Transaction,
  companyId: CompanyId,
): Promise<(StoredActivityTypeDefinition & { id: string })[]> {
  return (await selectActivityTypes(tx, companyId)).map((row) => ({ id: row.id, ...storedDefinitionOf(row) }));
}

/** Transaction step (boards, a template): the company's live types made from a type template, by their keys. */
export async function selectLiveTemplateTypeIdsIn(tx: Transaction, companyId: CompanyId): Promise<Map<string, string>> {
  const rows = await selectActivityTypes(tx, companyId);
  return new Map(rows.filter((row) => row.key !== null && row.archivedAt === null).map((row) => [row.key!, row.id]));
}

/** Transaction step (imports): the company's live own types (an archived one takes no new activities), in the list's order. */
export async function selectLiveActivityTypesIn(
  tx: Transaction,
  companyId: CompanyId,
): Promise<(StoredActivityTypeDefinition & { id: string })[]> {
  return (await selectActivityTypes(tx, companyId))
    .filter((row) => row.archivedAt === null)
    .map((row) => ({ id: row.id, ...storedDefinitionOf(row) }));
}

/** Transaction step (my stats): how many of each own type a member logged on one local day, by type id (none: not listed). */
export async function selectTypeCountsOfDayIn(
  tx: Transaction,
  companyId: CompanyId,
  userId: string,
  day: string,
): Promise<Record<string, number>> {
  return selectTypeUse(tx, companyId, userId, day, day);
}

/** The company's own types: live ones in their order, then archived ones. */
export async function listActivityTypes(deps: AppDeps, actor: Actor): Promise<ActivityTypeList> {
  return withTenant(deps.database.db, memberScopeOf(actor), (tx) => readList(tx, deps, actor));
}

/**
 * The types and how much the caller used each lately (their quick log's order). About the last 30
 * days: counted from the UTC date, a day's edge in the company's zone does not matter for an order.
 */
async function readList(tx: Transaction, deps: AppDeps, actor: Actor): Promise<ActivityTypeList> {
  const from = addDays(computeLocalDate(deps.now(), 'UTC') as LocalDate, -ACTIVITY_TYPE_USE_DAYS);
  return {
    types: await readTypes(tx, actor.companyId),
    myUse: await selectTypeUse(tx, actor.companyId, actor.userId, from),
    builtIn: await readBuiltInBonuses(tx, actor.companyId),
    renamedKinds: await readRenamedKinds(tx, actor.companyId),
  };
}

/** Transaction step (imports): the daily bonus of each built-in kind that has one (decision 115), by kind. */
export async function selectBuiltInKindBonusesIn(tx: Transaction, companyId: CompanyId): Promise<Map<BonusKind, ActivityBonus>> {
  const bonuses = await selectBuiltInKindBonuses(tx, companyId);
  return new Map([...bonuses].flatMap(([key, bonus]) => (bonus ? [[key, bonus] as const] : [])));
}

async function readBuiltInBonuses(tx: Transaction, companyId: CompanyId): Promise<BuiltInKindBonus[]> {
  const bonuses = await selectBuiltInKindBonuses(tx, companyId);
  return BONUS_KINDS.map((key) => ({ key, bonus: bonuses.get(key) ?? null }));
}

/**
 * Sets (or, with null, removes) the daily bonus of a built-in kind (decision 115): the Nth meeting,
 * sale, e-mail or LinkedIn touch of a member's day earns extra, as on the company's own types. Days
 * already logged keep the points they earned (a snapshot, decision 008) until a change to them
 * settles the day again. Answers the built-in kinds' bonuses after.
 */
export async function setBuiltInKindBonus(
  deps: AppDeps,
  actor: Actor,
  key: BonusKind,
  input: BuiltInKindBonusInput,
): Promise<BuiltInKindBonus[]> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const row = await updateBuiltInKindBonus(tx, actor.companyId, { key, bonus: input.bonus, now: deps.now() });
    if (!row) throw typeNotFound();
    await audit(tx, deps, actor, 'activity_type.changed', row.id, row.names);
    return readBuiltInBonuses(tx, actor.companyId);
  });
}

async function readRenamedKinds(tx: Transaction, companyId: CompanyId): Promise<RenamedKind[]> {
  const renamed = new Map((await selectRenamedKinds(tx, companyId)).map((row) => [row.key, row.names]));
  return BUILT_IN_KINDS.flatMap((key) => {
    const names = renamed.get(key);
    return names ? [{ key, names: names as Record<string, string> }] : [];
  });
}

/**
 * Transaction step (exports, imports): the rows of the built-in kinds the company renamed (decision 116), to
 * name their activities by: each row's id, names and (a call's) outcomes.
 */
export async function selectRenamedKindsIn(
  tx: Transaction,
  companyId: CompanyId,
): Promise<{ key: BuiltInKind; id: string; names: LocalizedNames; outcomes: { id: string; names: LocalizedNames }[] }[]> {
  return (await selectRenamedKinds(tx, companyId)).map(({ key, id, names, outcomes }) => ({ key, id, names, outcomes }));
}

const sameNames = (a: LocalizedNames, b: LocalizedNames) => JSON.stringify(cleanNames(a)) === JSON.stringify(cleanNames(b));

/**
 * Renames a built-in kind (decision 116), or with null gives it the app's words again: the names
 * every screen, export and message then uses for the kind, its past activities included (they point
 * at the row, so renaming keeps history). Names the same as the app's are no rename. A name another
 * type or kind has in the same language is refused, as between the company's own types. Answers
 * the renamed kinds after.
 */
export async function renameBuiltInKind(
  deps: AppDeps,
  actor: Actor,
  key: BuiltInKind,
  input: BuiltInKindNamesInput,
): Promise<RenamedKind[]> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockActivityTypes(tx, actor.companyId);
    const appNames = BUILT_IN_KPI_TYPE_SHAPES[key].names;
    const names = input.names ? cleanNames(input.names) : appNames;
    const renamed = !sameNames(names, appNames);
    const kinds = new Map((await selectRenamedKinds(tx, actor.companyId)).map((row) => [row.key, row.names]));
    // Nothing to change (the same names saved again): no write, and no entry in the audit log.
    const before = kinds.get(key);
    if (renamed ? before !== undefined && sameNames(before, names) : before === undefined) return readRenamedKinds(tx, actor.companyId);
    if (renamed) {
      const otherKinds = BUILT_IN_KINDS.filter((other) => other !== key).map((other) => ({
        names: kinds.get(other) ?? BUILT_IN_KPI_TYPE_SHAPES[other].names,
      }));
      // Another kind's word in any language ("Meeting" for e-mails) is taken too: a log menu would offer
      // two, and an imported file's type column would read it as that kind.
      const otherWord = Object.values(names).find((name) => {
        const word = name ? parseBuiltInKindWord(name) : null;
        return word !== null && kindOfBuiltInType(word) !== key;
      });
      const clash = otherWord ?? findNameClash([...(await selectActivityTypes(tx, actor.companyId)), ...otherKinds], names);
      if (clash) throw nameTaken(clash);
    }
    const row = await updateBuiltInKindNames(tx, actor.companyId, { key, names, renamed, now: deps.now() });
    if (!row) throw typeNotFound();
    await audit(tx, deps, actor, 'activity_type.changed', row.id, row.names);
    return readRenamedKinds(tx, actor.companyId);
  });
}

/** Creates one type (in a transaction the caller holds the types' lock in); a template's with its key. */
async function createIn(
  tx: Transaction,
  deps: AppDeps,
  actor: Actor,
  input: ActivityTypeDefinition,
  existing: ActivityTypeRow[],
  /** The built-in kinds the company renamed (decision 116): their names are taken too, a log menu would offer both. */
  renamedKinds: readonly { names: LocalizedNames }[],
  key: string | null = null,
) {
  if (existing.length >= ACTIVITY_TYPES_PER_COMPANY_MAX) {
    throw new HttpError(
      409,
      'conflict',
      `A company can have at most ${ACTIVITY_TYPES_PER_COMPANY_MAX} activity types, archived ones included.`,
    );
  }
  const definition = mergeActivityTypeDefinition(null, input, { inUse: false, newId: () => crypto.randomUUID() });
  const clash = findNameClash([...existing, ...renamedKinds], definition.names);
  if (clash) throw nameTaken(clash);
  const position = Math.max(0, ...existing.map((row) => row.position + 1));
  const row = await insertActivityType(tx, actor.companyId, { definition, key, position, now: deps.now() });
  await audit(tx, deps, actor, 'activity_type.created', row.id, row.names);
  return row;
}

export async function createActivityType(deps: AppDeps, actor: Actor, input: ActivityTypeDefinition): Promise<ActivityType> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockActivityTypes(tx, actor.companyId);
    const existing = await selectActivityTypes(tx, actor.companyId);
    const row = await createIn(tx, deps, actor, input, existing, await selectRenamedKinds(tx, actor.companyId));
    return toActivityType(row, false);
  });
}

/**
 * Replaces a type's definition. Outcomes, fields and options left out are dropped, or kept
 * archived while the type has activities; a field in use keeps its kind.
 */
export async function updateActivityType(deps: AppDeps, actor: Actor, id: string, input: ActivityTypeDefinition): Promise<ActivityType> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockActivityTypes(tx, actor.companyId);
    const rows = await selectActivityTypes(tx, actor.companyId);
    const before = rows.find((row) => row.id === id);
    if (!before) throw typeNotFound();
    const inUse = (await selectTypesInUse(tx, actor.companyId, [id])).has(id);
    const definition = mergeActivityTypeDefinition(storedDefinitionOf(before), input, { inUse, newId: () => crypto.randomUUID() });
    const clash = findNameClash(
      [...rows.filter((row) => row.id !== id), ...(await selectRenamedKinds(tx, actor.companyId))],
      definition.names,
    );
    if (clash) throw nameTaken(clash);
    const row = await updateActivityTypeDefinition(tx, actor.companyId, { id, definition, now: deps.now() });
    if (!row) throw typeNotFound();
    await audit(tx, deps, actor, 'activity_type.changed', id, row.names);
    return toActivityType(row, inUse);
  });
}

/** Archives a type (no longer offered to log; its history stays) or restores it to the end of the live list. */
export async function setActivityTypeArchivedState(deps: AppDeps, actor: Actor, id: string, archived: boolean): Promise<ActivityType> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockActivityTypes(tx, actor.companyId);
    const rows = await selectActivityTypes(tx, actor.companyId);
    const before = rows.find((row) => row.id === id);
    if (!before) throw typeNotFound();
    if ((before.archivedAt !== null) !== archived) {
      const position = archived ? undefined : Math.max(0, ...rows.filter((row) => row.archivedAt === null).map((row) => row.position + 1));
      await setActivityTypeArchived(tx, actor.companyId, { id, archivedAt: archived ? deps.now() : null, position, now: deps.now() });
      await audit(tx, deps, actor, archived ? 'activity_type.archived' : 'activity_type.restored', id, before.names);
    }
    return readType(tx, actor.companyId, id);
  });
}

/** Deletes a type no activity has; one in use answers 409 type_in_use (archive it instead). */
export async function deleteActivityType(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  await withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockActivityTypes(tx, actor.companyId);
    const before = await selectActivityType(tx, actor.companyId, id);
    if (!before) throw typeNotFound();
    if ((await selectTypesInUse(tx, actor.companyId, [id])).has(id)) throw typeInUse();
    // An activity of the type logged since the look above: the key refuses the delete.
    const deleted = await deleteActivityTypeRow(tx, actor.companyId, id).catch((error: unknown) => {
      if (findSqlState(error) === '23503') throw typeInUse();
      throw error;
    });
    if (!deleted) throw typeNotFound();
    await audit(tx, deps, actor, 'activity_type.deleted', id, before.names);
  });
}

/**
 * Adds a template's types that the company has neither (by its key: renamed, or archived) nor a
 * type of the same name for; each keeps its template's key (core/boards reads the board templates'
 * KPIs over them). Answers the whole list.
 */
export async function addActivityTypeTemplate(deps: AppDeps, actor: Actor, input: AddActivityTypeTemplate): Promise<ActivityTypeList> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await lockActivityTypes(tx, actor.companyId);
    const existing = await selectActivityTypes(tx, actor.companyId);
    const renamedKinds = await selectRenamedKinds(tx, actor.companyId);
    for (const { key, ...definition } of ACTIVITY_TYPE_TEMPLATE_TYPES[input.template]) {
      if (existing.some((type) => type.key === key) || findNameClash([...existing, ...renamedKinds], definition.names)) continue;
      existing.push(await createIn(tx, deps, actor, definition, existing, renamedKinds, key));
    }
    return readList(tx, deps, actor);
  });
}
