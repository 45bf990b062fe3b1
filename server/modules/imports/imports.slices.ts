import { computeCustomActivityPoints, computeDailyBonus, type TypeDayContext } from '@core/activity-types';
import { type ActivityInput, computeActivityPoints, type DayContext, findDailyCallBonusThreshold, isCallActivity } from '@core/kpi';
import type { BonusKind } from '@core/contracts';
import { toMinorUnits } from '@core/money';
import { computeStartOfLocalDay } from '@core/period';
import { type Actor, memberScopeOf } from '../../context';
import type { Database } from '../../db/client';
import { type CompanyScope, toUserId, type UserId, withTenant } from '../../db/tenant';
import { HttpError } from '../../lib/http';
import { yieldTurn } from '../../lib/yield-turn';
import {
  applyImportDaysToDailyStatsIn,
  beginBulkImportIn,
  deleteImportedDaysIn,
  type ImportDay,
  type ImportedActivity,
  insertImportedActivitiesIn,
  notifyImportChangeIn,
  selectDayContextsIn,
  selectImportDaysIn,
  selectKindDayContextsIn,
  selectTypeDayContextsIn,
} from '../activities/activities.service';
import { selectBuiltInKindBonusesIn } from '../activity-types/activity-types.service';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { getOrCreateCustomersIn } from '../customers/customers.service';
import { selectRulesForPoints } from '../kpi-rules/kpi-rules.service';
import {
  lockImportIn,
  markImportCommittedIn,
  markImportPreviewAgainIn,
  markImportUndoneIn,
  markImportWorkingIn,
} from './imports.repository';
import type { ActivityImportRow } from './imports.rows';

/*
 * An activities import written and undone a slice at a time (decision 084), each slice its own
 * transaction with a turn for everyone else after it: on PGlite the database is the server's own
 * thread, and a 100,000-row file written at once held every other company's requests for seconds.
 *
 * A slice is whole (member, day) pairs, so a day's points are counted under that day's lock as when
 * a rep logs. Whoever works on an import holds its lease (`imports.working_until`, renewed by every
 * slice): a slice first checks, under the import's lock, that the lease is still the one it last
 * set. A worker that found the lease passed (imports.worker.ts) has taken the import over, and the
 * slow one stops instead of writing beside it.
 */

/**
 * Rows per slice of a commit and of an undo: each under a tenth of a second of PGlite's time on a
 * 2-core server (bench:import; deleting costs more a row than inserting, its tombstones and bonus
 * settling included).
 */
export const IMPORT_SLICE_ROWS = 600;
export const IMPORT_UNDO_SLICE_ROWS = 300;

/** How long a commit or an undo holds its import without a slice done: past it, it was interrupted. */
export const IMPORT_WORK_LEASE_MS = 2 * 60_000;

/** Rows per insert statement: one JSON parameter (a slice of one busy (member, day) can be larger than a slice). */
const INSERT_BATCH_ROWS = 5000;

/** Rows sorted between two turns for other requests. */
const ORDER_TURN_ROWS = 2000;

/** What the slices need: the database and the clock (a request's, or the import worker's). */
export type ImportWork = { db: Database; now: () => Date };

/** A commit's or an undo's hold on its import: the status it set and the end of the lease it last set. */
export type ImportLease = { status: 'committing' | 'undoing'; until: Date };

export const leaseFrom = (work: ImportWork): Date => new Date(work.now().getTime() + IMPORT_WORK_LEASE_MS);

/** The import is another's now (its lease passed and the import worker took it over): this work stops. */
export class ImportLeaseLost extends Error {
  constructor() {
    super('The import was taken over after its lease passed.');
  }
}

type Tx = Parameters<Parameters<typeof withTenant>[2]>[0];
export type ActivityRow = ActivityImportRow & { index: number };
type Rules = Awaited<ReturnType<typeof selectRulesForPoints>>;
type CountedDay = ImportDay & { rows: number };

/**
 * Transaction step: checks under the import's lock that `lease` still holds it, and renews it
 * (`lease.until` moves on). Throws ImportLeaseLost when another has taken the import over.
 */
async function holdLeaseIn(
  tx: Tx,
  work: ImportWork,
  companyId: CompanyScope['companyId'],
  id: string,
  lease: ImportLease,
  importedCount?: number,
) {
  const current = await lockImportIn(tx, companyId, id);
  if (current?.status !== lease.status || current.workingUntil?.getTime() !== lease.until.getTime()) throw new ImportLeaseLost();
  const until = leaseFrom(work);
  await markImportWorkingIn(tx, companyId, id, { status: lease.status, until, importedCount });
  lease.until = until;
  return current;
}

/**
 * The rows in the order points are counted in: member, then day, then time of day, then the file's
 * order. Grouped by (member, day) first and each day sorted on its own, with turns for others in
 * between: one sort of 100,000 rows by a comparator holds the server for more than half a second.
 */
export async function orderActivityRows(rows: readonly ActivityRow[]): Promise<ActivityRow[]> {
  const days = new Map<string, ActivityRow[]>();
  for (const row of rows) {
    const key = `${row.userId}|${row.localDate}`;
    const day = days.get(key);
    if (day) day.push(row);
    else days.set(key, [row]);
  }
  const groups = [...days.values()].sort((a, b) => {
    const [x, y] = [a[0]!, b[0]!];
    if (x.userId !== y.userId) return x.userId < y.userId ? -1 : 1;
    return x.localDate < y.localDate ? -1 : x.localDate > y.localDate ? 1 : 0;
  });
  const ordered: ActivityRow[] = [];
  let sorted = 0;
  for (const day of groups) {
    day.sort((a, b) => a.seconds - b.seconds || a.index - b.index);
    for (const row of day) ordered.push(row);
    sorted += day.length;
    if (sorted >= ORDER_TURN_ROWS) {
      sorted = 0;
      await yieldTurn();
    }
  }
  return ordered;
}

/** The (member, day) pairs of ordered rows, with how many rows each has (kept with the import: `imports.days`). */
export function countRowsByDay(rows: readonly ActivityRow[]): CountedDay[] {
  const days: CountedDay[] = [];
  for (const row of rows) {
    const last = days.at(-1);
    if (last?.userId === row.userId && last.localDate === row.localDate) last.rows += 1;
    else days.push({ userId: row.userId, localDate: row.localDate, rows: 1 });
  }
  return days;
}

/**
 * Cuts items in order into slices of about `size` rows without parting a (member, day): a slice
 * ends at the first day boundary at or past `size` rows.
 */
export function sliceByDay<T extends ImportDay>(items: readonly T[], rowsOf: (item: T) => number, size: number): T[][] {
  const slices: T[][] = [];
  let current: T[] = [];
  let rows = 0;
  items.forEach((item, i) => {
    current.push(item);
    rows += rowsOf(item);
    const next = items[i + 1];
    const dayEnds = !next || next.userId !== item.userId || next.localDate !== item.localDate;
    if (dayEnds && rows >= size) {
      slices.push(current);
      current = [];
      rows = 0;
    }
  });
  if (current.length > 0) slices.push(current);
  return slices;
}

/**
 * Writes ordered rows of an import already marked 'committing' under `lease`, a slice at a time,
 * then marks it committed, audits it and tells the live screens once. A slice that fails takes the
 * written ones back and the import is a preview again; a lease lost to the import worker is the
 * worker's to take back. Returns how many rows were written.
 */
export async function writeActivitiesInSlices(
  work: ImportWork,
  actor: Actor,
  id: string,
  rows: readonly ActivityRow[],
  lease: ImportLease,
  finish: { rules: Rules; now: Date; audit: (count: number) => ReturnType<typeof createAuditEvent> },
): Promise<number> {
  const scope = memberScopeOf(actor);
  let written = 0;
  try {
    for (const slice of sliceByDay(rows, () => 1, IMPORT_SLICE_ROWS)) {
      written += await withTenant(work.db, scope, async (tx) => {
        await holdLeaseIn(tx, work, actor.companyId, id, lease);
        const count = await writeImportSliceIn(tx, actor, id, slice, finish.rules, finish.now);
        await markImportWorkingIn(tx, actor.companyId, id, { status: 'committing', until: lease.until, importedCount: written + count });
        return count;
      });
      await yieldTurn();
    }
    await withTenant(work.db, scope, async (tx) => {
      await holdLeaseIn(tx, work, actor.companyId, id, lease);
      await markImportCommittedIn(tx, actor.companyId, id, written, finish.now);
      await insertAuditEvent(tx, finish.audit(written));
      await notifyImportChangeIn(tx, actor.companyId, id, 'INSERT');
    });
  } catch (error) {
    if (error instanceof ImportLeaseLost) {
      throw new HttpError(409, 'import_interrupted', 'This import took too long and is being taken back. Commit it again when it is done.');
    }
    await takeBackCommit(work, scope, id, lease).catch((failure: unknown) =>
      console.error('[imports] taking back a failed commit failed; the import worker will finish it', failure),
    );
    throw error;
  }
  return written;
}

/**
 * One slice of an activities import, in its transaction: the days' locks taken (a rep logging to
 * one of them waits for this slice, and this slice for them), each row's points from
 * computeActivityPoints with the company's rules as logging scores them, the calls of a (member,
 * day) counted in time order after the day's existing ones, so the daily bonus goes to the call
 * that reaches the bonus rule's number (20 by default) unless the day already has it; then the rollup takes the slice's days in.
 */
async function writeImportSliceIn(
  tx: Tx,
  actor: Actor,
  importId: string,
  rows: readonly ActivityRow[],
  rules: Rules,
  now: Date,
): Promise<number> {
  const dayKeys = new Map<string, ImportDay>();
  for (const row of rows) dayKeys.set(`${row.userId}|${row.localDate}`, { userId: row.userId, localDate: row.localDate });
  const sliceDays = [...dayKeys.values()];
  await beginBulkImportIn(tx, actor.companyId, importId, sliceDays);

  const userIds = [...new Set(rows.map((row) => row.userId))];
  const dates = rows.map((row) => row.localDate).sort();
  const days = await selectDayContextsIn(tx, actor.companyId, userIds, dates[0]!, dates.at(-1)!);
  // An own type's day so far (decision 100): its daily bonus goes to the one that reaches its number, as when logging.
  const typeDays = rows.some((row) => row.own)
    ? await selectTypeDayContextsIn(tx, actor.companyId, userIds, dates[0]!, dates.at(-1)!)
    : new Map<string, TypeDayContext>();
  // A meeting's, sale's, e-mail's or LinkedIn touch's daily bonus (decision 115), counted the same way.
  const kindBonuses = await selectBuiltInKindBonusesIn(tx, actor.companyId);
  const kindDays = rows.some((row) => kindBonuses.has(row.type as BonusKind))
    ? await selectKindDayContextsIn(tx, actor.companyId, userIds, dates[0]!, dates.at(-1)!)
    : new Map<string, TypeDayContext>();

  const names = [...new Set(rows.flatMap((row) => (row.customerName === null ? [] : [row.customerName])))];
  const customers = await getOrCreateCustomersIn(tx, memberScopeOf(actor), names, now);

  const startOfDay = new Map<string, number>();
  const values: ImportedActivity[] = rows.map((row) => {
    const key = `${row.userId}|${row.localDate}`;
    let start = startOfDay.get(row.localDate);
    if (start === undefined) {
      start = computeStartOfLocalDay(row.localDate, actor.timezone).getTime();
      startOfDay.set(row.localDate, start);
    }
    const customer = row.customerName === null ? undefined : customers.get(row.customerName.toLowerCase());
    const common = {
      id: crypto.randomUUID(),
      userId: toUserId(row.userId),
      localDate: row.localDate,
      createdAt: new Date(start + row.seconds * 1000),
      customerId: customer?.id ?? null,
      customerName: customer?.name ?? row.customerName,
      notes: row.notes,
    };
    if (row.own) {
      const typeKey = `${key}|${row.own.type.id}`;
      const typeDay = typeDays.get(typeKey) ?? { countBefore: 0, bonusTaken: false };
      typeDays.set(typeKey, typeDay);
      const points = computeCustomActivityPoints(row.own.type, row.own.outcomeId, row.own.values, typeDay);
      typeDay.countBefore += 1;
      if (points.bonusPoints > 0) typeDay.bonusTaken = true;
      return {
        ...common,
        type: 'custom' as const,
        meetingBooked: false,
        movedForward: false,
        ticketSize: null,
        productName: null,
        pointsEarned: points.points,
        dailyBonus: false,
        bonusPoints: points.bonusPoints,
        typeId: row.own.type.id,
        outcomeId: row.own.outcomeId,
        fieldValues: row.own.values,
      };
    }
    let input: ActivityInput;
    if (row.type === 'call_answered') input = { type: 'call_answered', outcome: row.outcome ?? 'no_progress' };
    else if (row.type === 'sale') input = { type: 'sale', ticketSize: toMinorUnits(row.ticketSize!) };
    else input = { type: row.type as Exclude<ActivityImportRow['type'], 'call_answered' | 'sale' | 'custom'> };
    let day: DayContext | undefined;
    if (isCallActivity(input)) {
      day = days.get(key) ?? { callsBefore: 0, bonusAlreadyAwarded: false };
      days.set(key, day);
    }
    let points = computeActivityPoints(input, rules, day);
    if (day) {
      day.callsBefore += 1;
      if (points.earnsDailyBonus) day.bonusAlreadyAwarded = true;
    }
    const kindBonus = kindBonuses.get(row.type as BonusKind);
    if (kindBonus) {
      const kindKey = `${key}|${row.type}`;
      const kindDay = kindDays.get(kindKey) ?? { countBefore: 0, bonusTaken: false };
      kindDays.set(kindKey, kindDay);
      const bonus = computeDailyBonus(kindBonus, kindDay);
      kindDay.countBefore += 1;
      if (bonus > 0) kindDay.bonusTaken = true;
      points = { ...points, points: (points.points + bonus) as typeof points.points, bonusPoints: bonus as typeof points.bonusPoints };
    }
    return {
      ...common,
      type: row.type,
      meetingBooked: row.outcome === 'meeting_booked',
      movedForward: row.outcome === 'moved_forward',
      ticketSize: row.ticketSize,
      productName: row.productName,
      pointsEarned: points.points,
      dailyBonus: points.earnsDailyBonus,
      bonusPoints: points.bonusPoints,
    };
  });

  for (let i = 0; i < values.length; i += INSERT_BATCH_ROWS) {
    await insertImportedActivitiesIn(tx, actor.companyId, importId, values.slice(i, i + INSERT_BATCH_ROWS));
  }
  await applyImportDaysToDailyStatsIn(tx, actor.companyId, importId, sliceDays, 1);
  return values.length;
}

/**
 * Deletes an import's activities a slice of (member, day) pairs at a time under `lease`, each slice
 * settling its days' bonus. The pairs are those kept when the commit started; then whatever is left
 * (an imported activity an admin has since moved to another day) is found and deleted the same way.
 * Returns how many were deleted.
 */
async function deleteInSlices(work: ImportWork, scope: CompanyScope, id: string, lease: ImportLease): Promise<number> {
  const { kept, bonus } = await withTenant(work.db, scope, async (tx) => {
    const current = await holdLeaseIn(tx, work, scope.companyId, id, lease);
    const rules = await selectRulesForPoints(tx, scope.companyId);
    const bonusRule = rules.find((rule) => rule.kpiKey === 'daily_call_bonus_20');
    return {
      kept: current.days,
      bonus: {
        points: bonusRule?.enabled && bonusRule.basePoints !== 0 ? bonusRule.basePoints : null,
        threshold: findDailyCallBonusThreshold(rules),
      },
    };
  });
  await yieldTurn();
  let deleted = 0;
  // An import committed before decision 084 kept no pairs: its rows are grouped at once.
  let days: CountedDay[] | null = kept;
  for (let pass = 0; pass < 3; pass += 1) {
    days ??= await withTenant(work.db, scope, async (tx) => {
      await holdLeaseIn(tx, work, scope.companyId, id, lease);
      return selectImportDaysIn(tx, scope.companyId, id);
    });
    if (days.length === 0) break;
    for (const slice of sliceByDay(days, (day) => day.rows, IMPORT_UNDO_SLICE_ROWS)) {
      deleted += await withTenant(work.db, scope, async (tx) => {
        await holdLeaseIn(tx, work, scope.companyId, id, lease);
        await beginBulkImportIn(tx, scope.companyId, id, slice);
        return deleteImportedDaysIn(tx, scope.companyId, id, slice, bonus, work.now());
      });
      await yieldTurn();
    }
    days = null;
  }
  return deleted;
}

/** A commit that failed or was interrupted: its written rows taken back, the import a preview again (its cells are still there). */
export async function takeBackCommit(work: ImportWork, scope: CompanyScope, id: string, lease: ImportLease): Promise<void> {
  await deleteInSlices(work, scope, id, lease);
  await withTenant(work.db, scope, async (tx) => {
    await holdLeaseIn(tx, work, scope.companyId, id, lease);
    await markImportPreviewAgainIn(tx, scope.companyId, id);
    await notifyImportChangeIn(tx, scope.companyId, id, 'DELETE');
  });
}

/**
 * An undo started by `by` (its import 'undoing' under `lease`): the rows deleted a slice at a time,
 * then the import undone, audited with how many rows it had, and the live screens told.
 */
export async function finishUndo(
  work: ImportWork,
  scope: CompanyScope,
  id: string,
  lease: ImportLease,
  audit: { by: UserId; rows: number },
): Promise<Date> {
  await deleteInSlices(work, scope, id, lease);
  const at = work.now();
  await withTenant(work.db, scope, async (tx) => {
    await holdLeaseIn(tx, work, scope.companyId, id, lease);
    await markImportUndoneIn(tx, scope.companyId, id, audit.by, at);
    await notifyImportChangeIn(tx, scope.companyId, id, 'DELETE');
    await insertAuditEvent(
      tx,
      createAuditEvent({ ...scope, userId: audit.by }, 'import.undone', {
        target: { type: 'import', id },
        details: { kind: 'activities', rows: audit.rows },
        at,
      }),
    );
  });
  return at;
}
