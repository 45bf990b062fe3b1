import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { imports, profiles } from '../../db/schema';
import { type CompanyId, type MemberScope, type UserId, withTenant } from '../../db/tenant';

/** An import as the service sees it: the row without its company. */
export type ImportRecord = Omit<typeof imports.$inferSelect, 'companyId'>;

/** How many imports the history shows (newest first). */
const HISTORY_LIMIT = 100;

/**
 * Stores an uploaded file's cells as a new preview, and drops the company's previews that expired
 * without a commit (their cells are the bulk of the table; nothing else refers to them).
 */
export async function insertImportPreview(
  db: Database,
  scope: MemberScope,
  values: Pick<ImportRecord, 'kind' | 'fileName' | 'columns' | 'cells' | 'rowCount' | 'expiresAt'> & { now: Date },
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
        cells: values.cells,
        rowCount: values.rowCount,
        expiresAt: values.expiresAt,
        createdAt: values.now,
      })
      .returning();
    const { companyId: _company, ...record } = row!;
    return record;
  });
}

/** One of the company's imports, with its cells. */
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

/** Transaction step: the import is written; its cells are not needed any more. */
export async function markImportCommittedIn(
  tx: Transaction,
  companyId: CompanyId,
  id: string,
  importedCount: number,
  at: Date,
): Promise<void> {
  await tx
    .update(imports)
    .set({ status: 'committed', cells: null, importedCount, committedAt: at })
    .where(and(eq(imports.companyId, companyId), eq(imports.id, id)));
}

export async function markImportUndoneIn(tx: Transaction, companyId: CompanyId, id: string, by: UserId, at: Date): Promise<void> {
  await tx
    .update(imports)
    .set({ status: 'undone', undoneAt: at, undoneBy: by })
    .where(and(eq(imports.companyId, companyId), eq(imports.id, id)));
}

export type ImportHistoryRecord = Omit<ImportRecord, 'cells' | 'columns'> & { createdByName: string | null };

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
