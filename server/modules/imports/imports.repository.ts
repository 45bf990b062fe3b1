import { and, asc, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { importSlices, imports, profiles } from '../../db/schema';
import { type CompanyId, type MemberScope, type UserId, withTenant } from '../../db/tenant';
import { yieldTurn } from '../../lib/yield-turn';

/** An import as the service sees it: the row without its company. */
export type ImportRecord = Omit<typeof imports.$inferSelect, 'companyId'>;

/** How many imports the history shows (newest first). */
const HISTORY_LIMIT = 100;

/**
 * Records an uploaded file as a new preview (its rows follow, a slice at a time: insertImportSlice),
 * and drops the company's previews that expired without a commit (their slices go with them).
 */
export async function insertImportPreview(
  db: Database,
  scope: MemberScope,
  values: Pick<ImportRecord, 'kind' | 'fileName' | 'columns' | 'rowCount' | 'expiresAt'> & { now: Date },
): Promise<ImportRecord> {
  return withTenant(db, scope, async (tx) => {
    await tx
      .delete(imports)
      .where(and(eq(imports.companyId, scope.companyId), eq(imports.status, 'preview'), lt(imports.expiresAt, values.now)));
    const [row] = await tx
      .insert(imports)
      .values({
        companyId: scope.companyId,
        createdBy: scope.userId,
        kind: values.kind,
        fileName: values.fileName,
        columns: values.columns,
        rowCount: values.rowCount,
        expiresAt: values.expiresAt,
        createdAt: values.now,
      })
      .returning();
    const { companyId: _company, ...record } = row!;
    return record;
  });
}

/** One slice of a preview's rows (`text`: a JSON string[][] of `rows` rows), in a statement of its own (decision 084). */
export async function insertImportSlice(
  db: Database,
  scope: MemberScope,
  importId: string,
  slice: { slice: number; rows: number; text: string },
): Promise<void> {
  await withTenant(db, scope, (tx) =>
    tx.insert(importSlices).values({ importId, companyId: scope.companyId, slice: slice.slice, rowCount: slice.rows, cells: slice.text }),
  );
}

/**
 * A preview's rows, read a slice per statement (the server answers others in between), or null when
 * they are not all there (an upload cut off half-way).
 */
export async function readImportCells(db: Database, scope: MemberScope, importId: string, rowCount: number): Promise<string[][] | null> {
  const rows: string[][] = [];
  for (let slice = 0; rows.length < rowCount; slice += 1) {
    const [found] = await withTenant(db, scope, (tx) =>
      tx
        .select({ cells: importSlices.cells })
        .from(importSlices)
        .where(and(eq(importSlices.companyId, scope.companyId), eq(importSlices.importId, importId), eq(importSlices.slice, slice))),
    );
    if (!found) return null;
    for (const row of JSON.parse(found.cells) as string[][]) rows.push(row);
    await yieldTurn();
  }
  return rows.length === rowCount ? rows : null;
}

/** One of the company's imports. */
export async function findImport(db: Database, scope: MemberScope, id: string): Promise<ImportRecord | null> {
  return withTenant(db, scope, (tx) => selectImportIn(tx, scope.companyId, id, false));
}

/** Transaction step: one of the company's imports, locked for the rest of the transaction (a commit or an undo at a time). */
export async function lockImportIn(tx: Transaction, companyId: CompanyId, id: string): Promise<ImportRecord | null> {
  return selectImportIn(tx, companyId, id, true);
}

async function selectImportIn(tx: Transaction, companyId: CompanyId, id: string, lock: boolean): Promise<ImportRecord | null> {
  const query = tx
    .select()
    .from(imports)
    .where(and(eq(imports.companyId, companyId), eq(imports.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return null;
  const { companyId: _company, ...record } = row;
  return record;
}

/** Transaction step: a commit or an undo starts (or goes on), and holds the import until `until`. */
export async function markImportWorkingIn(
  tx: Transaction,
  companyId: CompanyId,
  id: string,
  work: { status: 'committing' | 'undoing'; until: Date; importedCount?: number; undoneBy?: UserId; days?: ImportRecord['days'] },
): Promise<void> {
  await tx
    .update(imports)
    .set({ status: work.status, workingUntil: work.until, importedCount: work.importedCount, undoneBy: work.undoneBy, days: work.days })
    .where(and(eq(imports.companyId, companyId), eq(imports.id, id)));
}

/** Transaction step: the import is written; its rows' cells are not needed any more. */
export async function markImportCommittedIn(
  tx: Transaction,
  companyId: CompanyId,
  id: string,
  importedCount: number,
  at: Date,
): Promise<void> {
  await tx
    .update(imports)
    .set({ status: 'committed', importedCount, committedAt: at, workingUntil: null })
    .where(and(eq(imports.companyId, companyId), eq(imports.id, id)));
  await tx.delete(importSlices).where(and(eq(importSlices.companyId, companyId), eq(importSlices.importId, id)));
}

export async function markImportUndoneIn(tx: Transaction, companyId: CompanyId, id: string, by: UserId, at: Date): Promise<void> {
  await tx
    .update(imports)
    .set({ status: 'undone', undoneAt: at, undoneBy: by, workingUntil: null })
    .where(and(eq(imports.companyId, companyId), eq(imports.id, id)));
}

/** Transaction step: a commit that failed or was interrupted has been taken back; the preview is as before it. */
export async function markImportPreviewAgainIn(tx: Transaction, companyId: CompanyId, id: string): Promise<void> {
  await tx
    .update(imports)
    .set({ status: 'preview', importedCount: 0, workingUntil: null })
    .where(and(eq(imports.companyId, companyId), eq(imports.id, id)));
}

/** An import whose commit or undo stopped half-way (its server stopped): what the import worker finishes. */
export type InterruptedImport = { id: string; companyId: CompanyId; status: string; createdBy: UserId | null; undoneBy: UserId | null };

/**
 * Every company's imports at work (a commit or undo under a lease), read as the worker
 * (app.digest_worker), never as app_user: those whose lease passed before `now` (their server
 * stopped half-way: what the import worker finishes, up to 20) and when the earliest lease still
 * held ends (null: none), in one statement.
 */
export async function findImportsAtWork(
  db: Database,
  now: Date,
): Promise<{ interrupted: InterruptedImport[]; nextLeaseEndsAt: Date | null }> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('app.digest_worker', 'on', true)`);
    return tx
      .select({
        id: imports.id,
        companyId: imports.companyId,
        status: imports.status,
        createdBy: imports.createdBy,
        undoneBy: imports.undoneBy,
        workingUntil: imports.workingUntil,
      })
      .from(imports)
      .where(isNotNull(imports.workingUntil))
      .orderBy(asc(imports.workingUntil))
      .limit(21);
  });
  const interrupted = rows.filter((row) => row.workingUntil!.getTime() < now.getTime()).slice(0, 20);
  const held = rows.find((row) => row.workingUntil!.getTime() >= now.getTime());
  return {
    interrupted: interrupted.map(({ workingUntil: _until, ...row }) => row),
    nextLeaseEndsAt: held ? held.workingUntil : null,
  };
}

export type ImportHistoryRecord = Omit<ImportRecord, 'columns' | 'workingUntil' | 'days'> & { createdByName: string | null };

/** The company's committed imports (undone ones included), newest first, with who made each (their name now). */
export async function findImportHistory(db: Database, scope: MemberScope): Promise<ImportHistoryRecord[]> {
  return withTenant(db, scope, (tx) =>
    tx
      .select({
        id: imports.id,
        createdBy: imports.createdBy,
        kind: imports.kind,
        fileName: imports.fileName,
        status: imports.status,
        rowCount: imports.rowCount,
        importedCount: imports.importedCount,
        expiresAt: imports.expiresAt,
        committedAt: imports.committedAt,
        undoneAt: imports.undoneAt,
        undoneBy: imports.undoneBy,
        createdAt: imports.createdAt,
        // A read's join for the names (as the audit log's): memberships are written only by their owner.
        createdByName: profiles.displayName,
      })
      .from(imports)
      .leftJoin(profiles, and(eq(profiles.companyId, imports.companyId), eq(profiles.userId, imports.createdBy)))
      .where(and(eq(imports.companyId, scope.companyId), sql`${imports.status} <> 'preview'`))
      .orderBy(desc(imports.createdAt), desc(imports.id))
      .limit(HISTORY_LIMIT),
  );
}
