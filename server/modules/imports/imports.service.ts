import {
  type CommitImport,
  IMPORT_FAILURES_SHOWN,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_TTL_MINUTES,
  IMPORT_SAMPLE_ROWS,
  type ImportHistory,
  type ImportFieldMapping,
  type ImportKind,
  type ImportMapping,
  type ImportPreview,
  type ImportRow,
  type ImportSummary,
  type BuiltInKind,
  type LocalizedNames,
} from '@core/contracts';
import { computeLogOptions } from '@core/kpi';
import { computeLocalDate, type LocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { MemberScope } from '../../db/tenant';
import { withTenant } from '../../db/tenant';
import { badRequest, HttpError, notFound } from '../../lib/http';
import { yieldTurn } from '../../lib/yield-turn';
import { createAuditEvent, insertAuditEvent } from '../audit/audit.service';
import { findActiveMembers } from '../companies/memberships.service';
import { insertCustomersIn, selectCustomerNamesIn } from '../customers/customers.service';
import { selectRulesForPoints } from '../kpi-rules/kpi-rules.service';
import { selectLiveActivityTypesIn, selectRenamedKindsIn } from '../activity-types/activity-types.service';
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
  markImportWorkingIn,
  readImportCells,
} from './imports.repository';
import {
  type ActivityImportRow,
  checkActivityRow,
  checkCustomerRow,
  cleanFieldMapping,
  cleanImportMapping,
  type CustomerImportRow,
  type ImportType,
  proposeFieldMapping,
  proposeImportMapping,
} from './imports.rows';
import {
  countRowsByDay,
  finishUndo,
  type ImportLease,
  type ImportWork,
  leaseFrom,
  orderActivityRows,
  writeActivitiesInSlices,
} from './imports.slices';

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
 * everyone else in between: cells are stored and read IMPORT_CELL_SLICE_ROWS rows at a time and
 * checked CHECK_TURN_ROWS at a time here, and activities are written and undone a few hundred rows
 * at a time (imports.slices.ts). Meanwhile the import says 'committing' or 'undoing'; a commit that
 * fails is taken back, and one whose server stopped is finished by the import worker
 * (imports.worker.ts).
 */

/** Rows checked between two turns for other requests. */
const CHECK_TURN_ROWS = 2000;

const workOf = (deps: AppDeps): ImportWork => ({ db: deps.database.db, now: () => deps.now() });

const importNotFound = () => notFound('That import was not found.');

type Checked<R> = { rows: { row: R; index: number }[]; preview: Omit<ImportPreview, 'id' | 'kind' | 'fileName' | 'columns' | 'expiresAt'> };

/** What the row checks need to know about the company, read before checking. */
type CheckContext =
  | {
      kind: 'activities';
      membersByEmail: Map<string, string>;
      enabledKinds: ReturnType<typeof computeLogOptions>['enabledKinds'];
      today: LocalDate;
      ownTypes: ImportType[];
      renamedKinds: { key: BuiltInKind; names: LocalizedNames }[];
    }
  | { kind: 'customers'; existing: Set<string> };

async function readCheckContext(deps: AppDeps, actor: Actor, kind: ImportKind): Promise<CheckContext> {
  const scope = memberScopeOf(actor);
  if (kind === 'customers') {
    return { kind, existing: await withTenant(deps.database.db, scope, (tx) => selectCustomerNamesIn(tx, actor.companyId)) };
  }
  const [members, { rules, ownTypes, renamedKinds }] = await Promise.all([
    findActiveMembers(deps.database.db, scope),
    withTenant(deps.database.db, scope, async (tx) => ({
      rules: await selectRulesForPoints(tx, scope.companyId),
      ownTypes: await selectLiveActivityTypesIn(tx, scope.companyId),
      renamedKinds: await selectRenamedKindsIn(tx, scope.companyId),
    })),
  ]);
  return {
    kind,
    membersByEmail: new Map(members.map((member) => [member.email.toLowerCase(), member.userId])),
    enabledKinds: computeLogOptions(rules).enabledKinds,
    today: computeLocalDate(deps.now(), actor.timezone),
    ownTypes,
    renamedKinds,
  };
}

/** Every row checked, CHECK_TURN_ROWS at a time with a turn for other requests in between. */
async function checkRows(
  cells: readonly string[][],
  mapping: ImportMapping,
  fields: ImportFieldMapping,
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
      context.kind === 'activities'
        ? checkActivityRow(rowCells, mapping, { ...context, fields })
        : checkCustomerRow(rowCells, mapping, names);
    const shown = { row: index + 2, cells: rowCells, issues: checked.issues };
    if (index < IMPORT_SAMPLE_ROWS) sample.push(shown);
    if (checked.row) rows.push({ row: checked.row, index });
    else {
      failingCount += 1;
      if (failures.length < IMPORT_FAILURES_SHOWN) failures.push(shown);
    }
  }
  return { rows, preview: { mapping, fields, rowCount: cells.length, validCount: rows.length, failingCount, sample, failures } };
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
  const fields = context.kind === 'activities' ? proposeFieldMapping(context.ownTypes, parsed.columns) : {};
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
  return toPreview(record, (await checkRows(parsed.cells, mapping, fields, context)).preview);
}

/** The own types' field columns a request names, kept to the live types' fields and the file's columns. */
const cleanFields = (context: CheckContext, fields: ImportFieldMapping, columnCount: number): ImportFieldMapping =>
  context.kind === 'activities' ? cleanFieldMapping(context.ownTypes, fields, columnCount) : {};

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
export async function validateImport(
  deps: AppDeps,
  actor: Actor,
  id: string,
  request: { mapping: ImportMapping; fields?: ImportFieldMapping },
): Promise<ImportPreview> {
  const scope = memberScopeOf(actor);
  const record = requirePending(await findImport(deps.database.db, scope, id), deps.now());
  const kind = record.kind as ImportKind;
  const clean = cleanImportMapping(kind, request.mapping, record.columns.length);
  const cells = await readPendingCells(deps, scope, record);
  const context = await readCheckContext(deps, actor, kind);
  const fields = cleanFields(context, request.fields ?? {}, record.columns.length);
  return toPreview(record, (await checkRows(cells, clean, fields, context)).preview);
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
  const context = await readCheckContext(deps, actor, kind);
  const checked = await checkRows(cells, mapping, cleanFields(context, request.fields ?? {}, pending.columns.length), context);
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
    const work = workOf(deps);
    const rows = await orderActivityRows(checked.rows.map(({ row, index }) => ({ ...(row as ActivityImportRow), index })));
    const { rules, lease } = await withTenant(work.db, scope, async (tx) => {
      // Locked and read again: a second commit of the same upload waits, then finds it committing.
      requirePending(await lockImportIn(tx, actor.companyId, id), now);
      const held: ImportLease = { status: 'committing', until: leaseFrom(work) };
      await markImportWorkingIn(tx, actor.companyId, id, { ...held, importedCount: 0, days: countRowsByDay(rows) });
      return { rules: await selectRulesForPoints(tx, actor.companyId), lease: held };
    });
    await yieldTurn();
    written = await writeActivitiesInSlices(work, actor, id, rows, lease, { rules, now, audit });
  }
  return toSummary({ ...pending, status: 'committed', importedCount: written, committedAt: now, createdByName: null });
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
    if (current.status === 'undoing' || current.status === 'committing') {
      throw new HttpError(409, 'import_in_progress', 'The server is working on this import right now. Undo it when it shows as imported.');
    }
    if (current.status !== 'committed') throw new HttpError(409, 'import_not_committed', 'This import was never committed.');
    const held: ImportLease = { status: 'undoing', until: leaseFrom(work) };
    await markImportWorkingIn(tx, actor.companyId, id, { ...held, undoneBy: actor.userId });
    return { current, lease: held };
  });
  await yieldTurn();
  const undoneAt = await finishUndo(work, scope, id, record.lease, { by: actor.userId, rows: record.current.importedCount });
  return toSummary({ ...record.current, status: 'undone', undoneAt, undoneBy: actor.userId, createdByName: null });
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
