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
import { toUserId, withTenant } from '../../db/tenant';
import { badRequest, HttpError, notFound } from '../../lib/http';
import {
  beginBulkImportIn,
  deleteImportedActivitiesIn,
  findKpiRulesForLogging,
  type ImportedActivity,
  insertImportedActivitiesIn,
  applyImportToDailyStatsIn,
  notifyImportChangeIn,
  selectDayContextsIn,
} from '../activities/activities.service';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { findActiveMembers } from '../companies/memberships.service';
import { getOrCreateCustomersIn, insertCustomersIn, selectCustomerNamesIn } from '../customers/customers.service';
import { selectRulesForPoints } from '../kpi-rules/kpi-rules.service';
import { parseImportFile } from './imports.parse';
import {
  findImport,
  findImportHistory,
  type ImportHistoryRecord,
  type ImportRecord,
  insertImportPreview,
  lockImportIn,
  markImportCommittedIn,
  markImportUndoneIn,
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
 * written. Commit: one transaction, points by the current rules through the same points function
 * logging uses, the rollup kept with one statement per (member, day). Undo: one transaction.
 */

/** Rows per insert statement: large enough that 100,000 rows take 20 round trips, small enough for one JSON parameter. */
const INSERT_BATCH_ROWS = 5000;

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

function checkRows(
  cells: readonly string[][],
  mapping: ImportMapping,
  context: CheckContext,
): Checked<ActivityImportRow | CustomerImportRow> {
  const rows: { row: ActivityImportRow | CustomerImportRow; index: number }[] = [];
  const sample: ImportRow[] = [];
  const failures: ImportRow[] = [];
  let failingCount = 0;
  const names = { seen: new Set<string>(), existing: context.kind === 'customers' ? context.existing : new Set<string>() };
  cells.forEach((rowCells, index) => {
    const checked =
      context.kind === 'activities' ? checkActivityRow(rowCells, mapping, context) : checkCustomerRow(rowCells, mapping, names);
    const shown = { row: index + 2, cells: rowCells, issues: checked.issues };
    if (index < IMPORT_SAMPLE_ROWS) sample.push(shown);
    if (checked.row) rows.push({ row: checked.row, index });
    else {
      failingCount += 1;
      if (failures.length < IMPORT_FAILURES_SHOWN) failures.push(shown);
    }
  });
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
  const record = await insertImportPreview(deps.database.db, memberScopeOf(actor), {
    kind: upload.kind,
    fileName: cleanFileName(upload.fileName),
    columns: parsed.columns,
    cells: parsed.cells,
    rowCount: parsed.cells.length,
    expiresAt: new Date(now.getTime() + IMPORT_PREVIEW_TTL_MINUTES * 60_000),
    now,
  });
  return toPreview(record, checkRows(parsed.cells, mapping, context).preview);
}

/** The cells of a preview that can still be committed, or the reason it cannot. */
function requirePending(record: ImportRecord | null, now: Date): ImportRecord & { cells: string[][] } {
  if (!record) throw importNotFound();
  if (record.status !== 'preview' || record.cells === null) {
    throw new HttpError(409, 'import_not_pending', 'This import was already committed. Upload the file again to import it once more.');
  }
  if (record.expiresAt.getTime() <= now.getTime()) {
    throw new HttpError(
      410,
      'import_expired',
      `The uploaded file was kept for ${IMPORT_PREVIEW_TTL_MINUTES} minutes and is gone. Upload it again.`,
    );
  }
  return record as ImportRecord & { cells: string[][] };
}

/** Checks every row again with another mapping (nothing is written). */
export async function validateImport(deps: AppDeps, actor: Actor, id: string, mapping: ImportMapping): Promise<ImportPreview> {
  const record = requirePending(await findImport(deps.database.db, memberScopeOf(actor), id), deps.now());
  const kind = record.kind as ImportKind;
  const clean = cleanImportMapping(kind, mapping, record.columns.length);
  return toPreview(record, checkRows(record.cells, clean, await readCheckContext(deps, actor, kind)).preview);
}

/**
 * Writes the import in one transaction. Without `skipFailing`, a failing row refuses the whole
 * import (400 rows_failing, nothing written); with it, the valid rows are written.
 */
export async function commitImport(deps: AppDeps, actor: Actor, id: string, request: CommitImport): Promise<ImportSummary> {
  const scope = memberScopeOf(actor);
  const now = deps.now();
  const pending = requirePending(await findImport(deps.database.db, scope, id), now);
  const kind = pending.kind as ImportKind;
  const mapping = cleanImportMapping(kind, request.mapping, pending.columns.length);
  const checked = checkRows(pending.cells, mapping, await readCheckContext(deps, actor, kind));
  if (checked.preview.failingCount > 0 && !request.skipFailing) {
    throw new HttpError(
      400,
      'rows_failing',
      `${checked.preview.failingCount} of ${checked.preview.rowCount} rows cannot be imported. Fix the file or the mapping, or import the other rows and skip these.`,
    );
  }
  if (checked.rows.length === 0) throw new HttpError(400, 'nothing_to_import', 'No row of the file can be imported.');

  const written = await withTenant(deps.database.db, scope, async (tx) => {
    // Locked and read again: a second commit of the same upload waits, then finds it committed.
    requirePending(await lockImportIn(tx, actor.companyId, id), now);
    let count: number;
    if (kind === 'customers') {
      count = await insertCustomersIn(
        tx,
        scope,
        checked.rows.map(({ row }) => row as CustomerImportRow),
        now,
      );
    } else {
      const rows = checked.rows.map(({ row, index }) => ({ ...(row as ActivityImportRow), index }));
      count = await writeImportedActivities(tx, actor, id, rows, now);
    }
    await markImportCommittedIn(tx, actor.companyId, id, count, now);
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'import.committed', {
        target: { type: 'import', id },
        details: { kind, rows: count, skipped: checked.preview.failingCount },
        at: now,
      }),
    );
    return count;
  });
  return toSummary({
    ...pending,
    status: 'committed',
    importedCount: written,
    committedAt: now,
    createdByName: null,
  });
}

type Tx = Parameters<Parameters<typeof withTenant>[2]>[0];

/**
 * The activities of a checked file, in one transaction. Each row's points come from
 * computeActivityPoints with the company's rules now, as logging scores them; the calls of a
 * (member, day) are counted in time order after the day's existing ones, so the daily bonus goes to
 * the call that reaches 20 unless the day already has it. The rows are inserted a batch at a time,
 * then the rollup takes them in with one statement per (member, day).
 */
async function writeImportedActivities(
  tx: Tx,
  actor: Actor,
  importId: string,
  rows: (ActivityImportRow & { index: number })[],
  now: Date,
): Promise<number> {
  const today = computeLocalDate(now, actor.timezone);
  const todays = new Map<string, { userId: string; localDate: string }>();
  for (const row of rows) if (row.localDate === today) todays.set(row.userId, { userId: row.userId, localDate: today });
  await beginBulkImportIn(tx, actor.companyId, importId, [...todays.values()]);

  const rules = await selectRulesForPoints(tx, actor.companyId);
  rows.sort((a, b) =>
    a.userId !== b.userId
      ? a.userId < b.userId
        ? -1
        : 1
      : a.localDate !== b.localDate
        ? a.localDate < b.localDate
          ? -1
          : 1
        : a.seconds - b.seconds || a.index - b.index,
  );
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
  await applyImportToDailyStatsIn(tx, actor.companyId, importId, 1);
  await notifyImportChangeIn(tx, actor.companyId, importId, 'INSERT');
  return values.length;
}

/** Deletes an activities import's activities as a whole, in one transaction (a customers import cannot be undone). */
export async function undoImport(deps: AppDeps, actor: Actor, id: string): Promise<ImportSummary> {
  const scope = memberScopeOf(actor);
  const now = deps.now();
  const record = await withTenant(deps.database.db, scope, async (tx) => {
    const current = await lockImportIn(tx, actor.companyId, id);
    if (!current) throw importNotFound();
    if (current.kind !== 'activities') throw new HttpError(409, 'import_not_undoable', 'A customers import cannot be undone.');
    if (current.status === 'undone') throw new HttpError(409, 'import_already_undone', 'This import was already undone.');
    if (current.status !== 'committed') throw new HttpError(409, 'import_not_committed', 'This import was never committed.');
    await beginBulkImportIn(tx, actor.companyId, id, []);
    const bonusRule = (await selectRulesForPoints(tx, actor.companyId)).find((rule) => rule.kpiKey === 'daily_call_bonus_20');
    const bonusPoints = bonusRule?.enabled && bonusRule.basePoints !== 0 ? bonusRule.basePoints : null;
    const deleted = await deleteImportedActivitiesIn(tx, actor.companyId, id, bonusPoints, now);
    await notifyImportChangeIn(tx, actor.companyId, id, 'DELETE');
    await markImportUndoneIn(tx, actor.companyId, id, actor.userId, now);
    await insertAuditEvent(
      tx,
      createAuditEvent(scope, 'import.undone', { target: { type: 'import', id }, details: { kind: 'activities', rows: deleted }, at: now }),
    );
    return current;
  });
  return toSummary({ ...record, status: 'undone', undoneAt: now, undoneBy: actor.userId, createdByName: null });
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
