import {
  type CommitImport,
  IMPORT_FAILURES_SHOWN,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_TTL_MINUTES,
  IMPORT_SAMPLE_ROWS,
  type ImportHistory,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportRow,
  type ImportSummary,
} from '@core/contracts';
import { type ActivityInput, computeActivityPoints, computeLogOptions, type DayContext, isCallActivity } from '@core/kpi';
import { toMinorUnits } from '@core/money';
import { computeLocalDate, computeStartOfLocalDay, type LocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Database } from '../../db/client';
import { type MemberScope, toUserId, type UserId, withTenant } from '../../db/tenant';
import { badRequest, HttpError, notFound } from '../../lib/http';
import {
  applyImportDaysToDailyStatsIn,
  beginBulkImportIn,
  deleteImportedDaysIn,
  findKpiRulesForLogging,
  type ImportDay,
  type ImportedActivity,
  insertImportedActivitiesIn,
  notifyImportChangeIn,
  selectDayContextsIn,
  selectImportDaysIn,
} from '../activities/activities.service';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { findActiveMembers } from '../companies/memberships.service';
import { getOrCreateCustomersIn, insertCustomersIn, selectCustomerNamesIn } from '../customers/customers.service';
import { selectRulesForPoints } from '../kpi-rules/kpi-rules.service';
import { IMPORT_CELL_SLICE_ROWS, parseImportFile } from './imports.parse';
import {
  findImport,
  findImportHistory,
  type ImportHistoryRecord,
  type ImportRecord,
  insertImportPreview,
  insertImportSlice,
  lockImportIn,
  markImportCommittedIn,
  markImportPreviewAgainIn,
  markImportUndoneIn,
  markImportWorkingIn,
  readImportCells,
  yieldTurn,
} from './imports.repository';
import {
  type ActivityImportRow,
  checkActivityRow,
  checkCustomerRow,
  cleanImportMapping,
  type CustomerImportRow,
  proposeImportMapping,
} from './imports.rows';

/*
 * Spreadsheet imports (decision 039), admins only (the routes' requireAdmin; another company's
 * import is not found, row-level security hides it). Upload: the file is parsed once and its cells
 * kept for IMPORT_PREVIEW_TTL_MINUTES; every row is checked against the mapping before anything is
 * written. Commit: points by the current rules through the same points function logging uses, the
 * rollup kept with one statement per (member, day). Undo: the same in reverse.
 *
 * A file of 100,000 rows is a few seconds of the database's work, and on PGlite the database is the
 * server's own thread: done at once it would hold every other company's requests as long (decision
 * 084). So the work is cut in slices, each its own statement or transaction, with a turn for
 * everyone else in between: cells are stored and read IMPORT_CELL_SLICE_ROWS rows at a time, checked
 * CHECK_TURN_ROWS at a time, and written IMPORT_SLICE_ROWS (undone IMPORT_UNDO_SLICE_ROWS) rows at a time, whole
 * (member, day) pairs to a slice, so a day's points are counted under its lock as logging counts
 * them. Meanwhile the import says 'committing' or 'undoing'; a commit that fails is taken back, and
 * one whose server stopped is finished by the import worker (imports.worker.ts).
 */

/**
 * Rows per slice of a commit and of an undo: each under a tenth of a second of PGlite's time on a
 * 2-core server (bench:import; deleting costs more a row than inserting, its tombstones and bonus
 * settling included).
 */
export const IMPORT_SLICE_ROWS = 600;
export const IMPORT_UNDO_SLICE_ROWS = 300;

/** Rows checked between two turns for other requests. */
const CHECK_TURN_ROWS = 2000;

/** How long a commit or an undo holds its import without a slice done: past it, it was interrupted. */
export const IMPORT_WORK_LEASE_MS = 2 * 60_000;

/** Rows per insert statement: one JSON parameter (a slice of one busy (member, day) can be larger than a slice). */
const INSERT_BATCH_ROWS = 5000;

/** What the slices of a commit or an undo need: the database and the clock (the requests' deps, or the import worker's). */
export type ImportWork = { db: Database; now: () => Date };

const workOf = (deps: AppDeps): ImportWork => ({ db: deps.database.db, now: () => deps.now() });
const leaseFrom = (work: ImportWork) => new Date(work.now().getTime() + IMPORT_WORK_LEASE_MS);

const importNotFound = () => notFound('That import was not found.');

type Checked<R> = { rows: { row: R; index: number }[]; preview: Omit<ImportPreview, 'id' | 'kind' | 'fileName' | 'columns' | 'expiresAt'> };

/** What the row checks need to know about the company, read before checking. */
type CheckContext =
  | {
      kind: 'activities';
      membersByEmail: Map<string, string>;
      enabledKinds: ReturnType<typeof computeLogOptions>['enabledKinds'];
      today: LocalDate;
    }
  | { kind: 'customers'; existing: Set<string> };

async function readCheckContext(deps: AppDeps, actor: Actor, kind: ImportKind): Promise<CheckContext> {
  const scope = memberScopeOf(actor);
  if (kind === 'customers') {
    return { kind, existing: await withTenant(deps.database.db, scope, (tx) => selectCustomerNamesIn(tx, actor.companyId)) };
  }
  const [members, rules] = await Promise.all([findActiveMembers(deps.database.db, scope), findKpiRulesForLogging(deps.database.db, scope)]);
  return {
    kind,
    membersByEmail: new Map(members.map((member) => [member.email.toLowerCase(), member.userId])),
    enabledKinds: computeLogOptions(rules).enabledKinds,
    today: computeLocalDate(deps.now(), actor.timezone),
  };
}

/** Every row checked, CHECK_TURN_ROWS at a time with a turn for other requests in between. */
async function checkRows(
  cells: readonly string[][],
  mapping: ImportMapping,
  context: CheckContext,
): Promise<Checked<ActivityImportRow | CustomerImportRow>> {
  const rows: { row: ActivityImportRow | CustomerImportRow; index: number }[] = [];
  const sample: ImportRow[] = [];
  const failures: ImportRow[] = [];
  let failingCount = 0;
  const names = { seen: new Set<string>(), existing: context.kind === 'customers' ? context.existing : new Set<string>() };
  for (let index = 0; index < cells.length; index += 1) {
    if (index > 0 && index % CHECK_TURN_ROWS === 0) await yieldTurn();
    const rowCells = cells[index]!;
    const checked =
      context.kind === 'activities' ? checkActivityRow(rowCells, mapping, context) : checkCustomerRow(rowCells, mapping, names);
    const shown = { row: index + 2, cells: rowCells, issues: checked.issues };
    if (index < IMPORT_SAMPLE_ROWS) sample.push(shown);
    if (checked.row) rows.push({ row: checked.row, index });
    else {
      failingCount += 1;
      if (failures.length < IMPORT_FAILURES_SHOWN) failures.push(shown);
    }
  }
  return { rows, preview: { mapping, rowCount: cells.length, validCount: rows.length, failingCount, sample, failures } };
}

function toPreview(record: ImportRecord, checked: Checked<unknown>['preview']): ImportPreview {
  return {
    id: record.id,
    kind: record.kind as ImportKind,
    fileName: record.fileName,
    columns: record.columns,
    expiresAt: record.expiresAt.toISOString(),
    ...checked,
  };
}

/** A readable file name: the path and control characters dropped, at most 200 characters. */
function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (base === '' ? 'import' : base).slice(0, 200);
}

/**
 * Files read at once: one per company, and a few per server process. Each is read in a worker
 * thread of its own (imports.parse.ts), a core's work for up to a few seconds and up to 512 MB, so
 * the server keeps a core for everyone else. Counted per process: two instances read up to twice
 * as many, each within its own machine's means.
 */
export const IMPORT_READS_PER_SERVER = 2;
const companiesReading = new Set<string>();

/** Reads a file within those turns, or refuses with a 429 that says why. */
async function readImportFile(actor: Actor, upload: { fileName: string; bytes: Uint8Array }) {
  const companyId = actor.companyId as string;
  if (companiesReading.has(companyId)) {
    throw new HttpError(429, 'too_many_imports', 'Another file of your company is being read. Upload this one when it is done.');
  }
  if (companiesReading.size >= IMPORT_READS_PER_SERVER) {
    throw new HttpError(429, 'too_many_imports', 'The server is reading other files right now. Try again in a minute.');
  }
  companiesReading.add(companyId);
  try {
    return await parseImportFile(upload.bytes, upload.fileName, IMPORT_MAX_ROWS);
  } finally {
    companiesReading.delete(companyId);
  }
}

/** Parses an uploaded file, keeps its cells, and answers with the proposed mapping and every row checked. */
export async function uploadImport(
  deps: AppDeps,
  actor: Actor,
  upload: { kind: ImportKind; fileName: string; bytes: Uint8Array },
): Promise<ImportPreview> {
  const parsed = await readImportFile(actor, upload);
  const mapping = proposeImportMapping(upload.kind, parsed.columns);
  const context = await readCheckContext(deps, actor, upload.kind);
  const now = deps.now();
  const scope = memberScopeOf(actor);
  const record = await insertImportPreview(deps.database.db, scope, {
    kind: upload.kind,
    fileName: cleanFileName(upload.fileName),
    columns: parsed.columns,
    rowCount: parsed.cells.length,
    expiresAt: new Date(now.getTime() + IMPORT_PREVIEW_TTL_MINUTES * 60_000),
    now,
  });
  // Stored as the worker wrote them, a slice per statement.
  for (const [slice, text] of parsed.slices.entries()) {
    const rows = Math.min(IMPORT_CELL_SLICE_ROWS, parsed.cells.length - slice * IMPORT_CELL_SLICE_ROWS);
    await insertImportSlice(deps.database.db, scope, record.id, { slice, rows, text });
    await yieldTurn();
  }
  return toPreview(record, (await checkRows(parsed.cells, mapping, context)).preview);
}

const importGone = () =>
  new HttpError(
    410,
    'import_expired',
    `The uploaded file was kept for ${IMPORT_PREVIEW_TTL_MINUTES} minutes and is gone. Upload it again.`,
  );

/** A preview that can still be committed, or the reason it cannot. */
function requirePending(record: ImportRecord | null, now: Date): ImportRecord {
  if (!record) throw importNotFound();
  if (record.status === 'committing') {
    throw new HttpError(409, 'import_in_progress', 'This import is being written right now. It shows in the history when it is done.');
  }
  if (record.status !== 'preview') {
    throw new HttpError(409, 'import_not_pending', 'This import was already committed. Upload the file again to import it once more.');
  }
  if (record.expiresAt.getTime() <= now.getTime()) throw importGone();
  return record;
}

/** A pending preview's rows, or a 410 when they are not all there (an upload cut off half-way). */
async function readPendingCells(deps: AppDeps, scope: MemberScope, record: ImportRecord): Promise<string[][]> {
  const cells = await readImportCells(deps.database.db, scope, record.id, record.rowCount);
  if (!cells) throw importGone();
  return cells;
}

/** Checks every row again with another mapping (nothing is written). */
export async function validateImport(deps: AppDeps, actor: Actor, id: string, mapping: ImportMapping): Promise<ImportPreview> {
  const scope = memberScopeOf(actor);
  const record = requirePending(await findImport(deps.database.db, scope, id), deps.now());
  const kind = record.kind as ImportKind;
  const clean = cleanImportMapping(kind, mapping, record.columns.length);
  const cells = await readPendingCells(deps, scope, record);
  return toPreview(record, (await checkRows(cells, clean, await readCheckContext(deps, actor, kind))).preview);
}

/**
 * Writes the import. Without `skipFailing`, a failing row refuses the whole import (400
 * rows_failing, nothing written); with it, the valid rows are written. Activities are written a
 * slice at a time (commitActivities); customers, which cannot be undone, in one transaction.
 */
export async function commitImport(deps: AppDeps, actor: Actor, id: string, request: CommitImport): Promise<ImportSummary> {
  const scope = memberScopeOf(actor);
  const now = deps.now();
  const pending = requirePending(await findImport(deps.database.db, scope, id), now);
  const kind = pending.kind as ImportKind;
  const mapping = cleanImportMapping(kind, request.mapping, pending.columns.length);
  const cells = await readPendingCells(deps, scope, pending);
  const checked = await checkRows(cells, mapping, await readCheckContext(deps, actor, kind));
  if (checked.preview.failingCount > 0 && !request.skipFailing) {
    throw new HttpError(
      400,
      'rows_failing',
      `${checked.preview.failingCount} of ${checked.preview.rowCount} rows cannot be imported. Fix the file or the mapping, or import the other rows and skip these.`,
    );
  }
  if (checked.rows.length === 0) throw new HttpError(400, 'nothing_to_import', 'No row of the file can be imported.');

  const audit = (count: number) =>
    createAuditEvent(scope, 'import.committed', {
      target: { type: 'import', id },
      details: { kind, rows: count, skipped: checked.preview.failingCount },
      at: now,
    });
  let written: number;
  if (kind === 'customers') {
    written = await withTenant(deps.database.db, scope, async (tx) => {
      // Locked and read again: a second commit of the same upload waits, then finds it committed.
      requirePending(await lockImportIn(tx, actor.companyId, id), now);
      const count = await insertCustomersIn(
        tx,
        scope,
        checked.rows.map(({ row }) => row as CustomerImportRow),
        now,
      );
      await markImportCommittedIn(tx, actor.companyId, id, count, now);
      await insertAuditEvent(tx, audit(count));
      return count;
    });
  } else {
    const rows = checked.rows.map(({ row, index }) => ({ ...(row as ActivityImportRow), index }));
    written = await commitActivities(deps, actor, id, rows, now, audit);
  }
  return toSummary({ ...pending, status: 'committed', importedCount: written, committedAt: now, createdByName: null });
}

type Tx = Parameters<Parameters<typeof withTenant>[2]>[0];
type ActivityRow = ActivityImportRow & { index: number };
type Rules = Awaited<ReturnType<typeof selectRulesForPoints>>;

/**
 * The rows in the order points are counted in: member, then day, then time of day, then the file's
 * order. Grouped by (member, day) first and each day sorted on its own, with turns for others in
 * between: one sort of 100,000 rows by a comparator holds the server for more than half a second.
 */
async function orderActivityRows(rows: readonly ActivityRow[]): Promise<ActivityRow[]> {
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
    if (sorted >= CHECK_TURN_ROWS) {
      sorted = 0;
      await yieldTurn();
    }
  }
  return ordered;
}

/** The (member, day) pairs of rows in order, with how many rows each has. */
function countRowsByDay(rows: readonly ActivityRow[]): (ImportDay & { rows: number })[] {
  const days: (ImportDay & { rows: number })[] = [];
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
 * Writes an activities import a slice at a time (decision 084): the import is marked 'committing'
 * first, each slice renews that, and the last step marks it committed, audits it and tells the live
 * screens. A slice that fails takes the written ones back and the import is a preview again.
 */
async function commitActivities(
  deps: AppDeps,
  actor: Actor,
  id: string,
  checkedRows: readonly ActivityRow[],
  now: Date,
  audit: (count: number) => ReturnType<typeof createAuditEvent>,
): Promise<number> {
  const work = workOf(deps);
  const scope = memberScopeOf(actor);
  const rows = await orderActivityRows(checkedRows);
  const rules = await withTenant(work.db, scope, async (tx) => {
    // Locked and read again: a second commit of the same upload waits, then finds it committing.
    requirePending(await lockImportIn(tx, actor.companyId, id), now);
    await markImportWorkingIn(tx, actor.companyId, id, {
      status: 'committing',
      until: leaseFrom(work),
      importedCount: 0,
      days: countRowsByDay(rows),
    });
    return selectRulesForPoints(tx, actor.companyId);
  });
  // Every transaction of the sequence ends with a turn for others, the first as the rest.
  await yieldTurn();
  let written = 0;
  try {
    for (const slice of sliceByDay(rows, () => 1, IMPORT_SLICE_ROWS)) {
      written += await withTenant(work.db, scope, async (tx) => {
        const count = await writeImportSliceIn(tx, actor, id, slice, rules, now);
        await markImportWorkingIn(tx, actor.companyId, id, {
          status: 'committing',
          until: leaseFrom(work),
          importedCount: written + count,
        });
        return count;
      });
      await yieldTurn();
    }
    await withTenant(work.db, scope, async (tx) => {
      await markImportCommittedIn(tx, actor.companyId, id, written, now);
      await insertAuditEvent(tx, audit(written));
      await notifyImportChangeIn(tx, actor.companyId, id, 'INSERT');
    });
  } catch (error) {
    await takeBackCommit(work, scope, id).catch((failure: unknown) =>
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
 * that reaches 20 unless the day already has it; then the rollup takes the slice's days in.
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

  const names = [...new Set(rows.flatMap((row) => (row.customerName === null ? [] : [row.customerName])))];
  const customers = await getOrCreateCustomersIn(tx, memberScopeOf(actor), names, now);

  const startOfDay = new Map<string, number>();
  const values: ImportedActivity[] = rows.map((row) => {
    const key = `${row.userId}|${row.localDate}`;
    let input: ActivityInput;
    if (row.type === 'call_answered') input = { type: 'call_answered', outcome: row.outcome ?? 'no_progress' };
    else if (row.type === 'sale') input = { type: 'sale', ticketSize: toMinorUnits(row.ticketSize!) };
    else input = { type: row.type };
    let day: DayContext | undefined;
    if (isCallActivity(input)) {
      day = days.get(key) ?? { callsBefore: 0, bonusAlreadyAwarded: false };
      days.set(key, day);
    }
    const points = computeActivityPoints(input, rules, day);
    if (day) {
      day.callsBefore += 1;
      if (points.earnsDailyBonus) day.bonusAlreadyAwarded = true;
    }
    let start = startOfDay.get(row.localDate);
    if (start === undefined) {
      start = computeStartOfLocalDay(row.localDate, actor.timezone).getTime();
      startOfDay.set(row.localDate, start);
    }
    const customer = row.customerName === null ? undefined : customers.get(row.customerName.toLowerCase());
    return {
      id: crypto.randomUUID(),
      userId: toUserId(row.userId),
      localDate: row.localDate,
      createdAt: new Date(start + row.seconds * 1000),
      type: row.type,
      meetingBooked: row.outcome === 'meeting_booked',
      movedForward: row.outcome === 'moved_forward',
      customerId: customer?.id ?? null,
      customerName: customer?.name ?? row.customerName,
      ticketSize: row.ticketSize,
      productName: row.productName,
      notes: row.notes,
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
 * Deletes an import's activities a slice of (member, day) pairs at a time, each slice settling its
 * days' bonus, renewing `status` with every slice. Returns how many were deleted.
 */
async function deleteInSlices(work: ImportWork, scope: MemberScope, id: string, status: 'committing' | 'undoing'): Promise<number> {
  const { days, bonusPoints } = await withTenant(work.db, scope, async (tx) => {
    const current = await lockImportIn(tx, scope.companyId, id);
    await markImportWorkingIn(tx, scope.companyId, id, { status, until: leaseFrom(work) });
    const bonusRule = (await selectRulesForPoints(tx, scope.companyId)).find((rule) => rule.kpiKey === 'daily_call_bonus_20');
    return {
      // Kept when the commit started; an import committed before decision 084 has its rows grouped.
      days: current?.days ?? (await selectImportDaysIn(tx, scope.companyId, id)),
      bonusPoints: bonusRule?.enabled && bonusRule.basePoints !== 0 ? bonusRule.basePoints : null,
    };
  });
  await yieldTurn();
  let deleted = 0;
  for (const slice of sliceByDay(days, (day) => day.rows, IMPORT_UNDO_SLICE_ROWS)) {
    deleted += await withTenant(work.db, scope, async (tx) => {
      await beginBulkImportIn(tx, scope.companyId, id, slice);
      const count = await deleteImportedDaysIn(tx, scope.companyId, id, slice, bonusPoints, work.now());
      await markImportWorkingIn(tx, scope.companyId, id, { status, until: leaseFrom(work) });
      return count;
    });
    await yieldTurn();
  }
  return deleted;
}

/** A commit that failed or was interrupted: its written rows taken back, the import a preview again (its cells are still there). */
export async function takeBackCommit(work: ImportWork, scope: MemberScope, id: string): Promise<void> {
  await deleteInSlices(work, scope, id, 'committing');
  await withTenant(work.db, scope, async (tx) => {
    await markImportPreviewAgainIn(tx, scope.companyId, id);
    await notifyImportChangeIn(tx, scope.companyId, id, 'DELETE');
  });
}

/** An undo started (by `by`): its rows deleted a slice at a time, then the import is undone, audited, and the live screens told. */
export async function finishUndo(work: ImportWork, scope: MemberScope, id: string, by: UserId, rows: number): Promise<Date> {
  await deleteInSlices(work, scope, id, 'undoing');
  const at = work.now();
  await withTenant(work.db, scope, async (tx) => {
    await markImportUndoneIn(tx, scope.companyId, id, by, at);
    await notifyImportChangeIn(tx, scope.companyId, id, 'DELETE');
    await insertAuditEvent(
      tx,
      createAuditEvent({ ...scope, userId: by }, 'import.undone', {
        target: { type: 'import', id },
        details: { kind: 'activities', rows },
        at,
      }),
    );
  });
  return at;
}

/** Deletes an activities import's activities as a whole, a slice at a time (a customers import cannot be undone). */
export async function undoImport(deps: AppDeps, actor: Actor, id: string): Promise<ImportSummary> {
  const scope = memberScopeOf(actor);
  const work = workOf(deps);
  const record = await withTenant(work.db, scope, async (tx) => {
    const current = await lockImportIn(tx, actor.companyId, id);
    if (!current) throw importNotFound();
    if (current.kind !== 'activities') throw new HttpError(409, 'import_not_undoable', 'A customers import cannot be undone.');
    if (current.status === 'undone') throw new HttpError(409, 'import_already_undone', 'This import was already undone.');
    if (current.status === 'undoing') {
      throw new HttpError(409, 'import_in_progress', 'This import is being undone right now. It shows as undone when it is done.');
    }
    if (current.status !== 'committed') throw new HttpError(409, 'import_not_committed', 'This import was never committed.');
    await markImportWorkingIn(tx, actor.companyId, id, { status: 'undoing', until: leaseFrom(work), undoneBy: actor.userId });
    return current;
  });
  await yieldTurn();
  const undoneAt = await finishUndo(work, scope, id, actor.userId, record.importedCount);
  return toSummary({ ...record, status: 'undone', undoneAt, undoneBy: actor.userId, createdByName: null });
}

function toSummary(record: Omit<ImportHistoryRecord, 'createdByName'> & { createdByName: string | null }): ImportSummary {
  const status = record.status as ImportSummary['status'];
  return {
    id: record.id,
    kind: record.kind as ImportKind,
    fileName: record.fileName,
    status,
    rowCount: record.rowCount,
    importedCount: record.importedCount,
    createdBy: { id: record.createdBy, name: record.createdByName },
    createdAt: record.createdAt.toISOString(),
    committedAt: record.committedAt?.toISOString() ?? null,
    undoneAt: record.undoneAt?.toISOString() ?? null,
    canUndo: record.kind === 'activities' && status === 'committed',
  };
}

/** The company's imports, newest first: committed and undone ones (a file still being checked is not an import yet). */
export async function listImports(deps: AppDeps, actor: Actor): Promise<ImportHistory> {
  const rows = await findImportHistory(deps.database.db, memberScopeOf(actor));
  return { imports: rows.map(toSummary) };
}

/** For the routes: an upload's kind, or a 400. */
export function requireImportKind(value: unknown): ImportKind {
  if (value === 'activities' || value === 'customers') return value;
  throw badRequest('kind: Choose activities or customers', { kind: 'Choose activities or customers' });
}
