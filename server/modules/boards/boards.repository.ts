import { and, asc, eq } from 'drizzle-orm';
import type { BoardDefinition, BoardWidget } from '@core/contracts';
import type { Transaction } from '../../db/client';
import type { UserId } from '../../db/ids';
import { boardHomes, boards } from '../../db/schema';
import type { CompanyId } from '../../db/tenant';

/*
 * The one owner of boards and of the board each member opens the app on (decision 102). Every function is a step of the caller's open
 * transaction (withTenant in the service); who may see or change which board is the service's.
 */

export type BoardRow = typeof boards.$inferSelect;
type StoredBoard = Omit<BoardDefinition, 'widgets'> & { widgets: BoardWidget[] };

/** Every board of the company, by name (the service filters what the viewer may see). */
export async function selectBoards(tx: Transaction, companyId: CompanyId): Promise<BoardRow[]> {
  return tx.select().from(boards).where(eq(boards.companyId, companyId)).orderBy(asc(boards.name), asc(boards.createdAt));
}

export async function selectBoard(tx: Transaction, companyId: CompanyId, id: string): Promise<BoardRow | null> {
  const [row] = await tx
    .select()
    .from(boards)
    .where(and(eq(boards.companyId, companyId), eq(boards.id, id)));
  return row ?? null;
}

export async function insertBoard(
  tx: Transaction,
  companyId: CompanyId,
  input: { definition: StoredBoard; ownerId: UserId; now: Date },
): Promise<BoardRow> {
  const [row] = await tx
    .insert(boards)
    .values({ companyId, ...input.definition, ownerId: input.ownerId, createdAt: input.now, updatedAt: input.now })
    .returning();
  return row!;
}

export async function updateBoardRow(
  tx: Transaction,
  companyId: CompanyId,
  input: { id: string; definition: StoredBoard; now: Date },
): Promise<BoardRow | null> {
  const [row] = await tx
    .update(boards)
    .set({ ...input.definition, updatedAt: input.now })
    .where(and(eq(boards.companyId, companyId), eq(boards.id, input.id)))
    .returning();
  return row ?? null;
}

export async function deleteBoardRow(tx: Transaction, companyId: CompanyId, id: string): Promise<boolean> {
  const rows = await tx
    .delete(boards)
    .where(and(eq(boards.companyId, companyId), eq(boards.id, id)))
    .returning({ id: boards.id });
  return rows.length > 0;
}

/** The board the member opens the app on, if they chose one. */
export async function selectHomeBoardId(tx: Transaction, companyId: CompanyId, userId: UserId): Promise<string | null> {
  const [row] = await tx
    .select({ boardId: boardHomes.boardId })
    .from(boardHomes)
    .where(and(eq(boardHomes.companyId, companyId), eq(boardHomes.userId, userId)));
  return row?.boardId ?? null;
}

/** Makes the board the member's start page (the one before, if any, stops being it). */
export async function upsertHomeBoard(tx: Transaction, companyId: CompanyId, userId: UserId, boardId: string): Promise<void> {
  await tx
    .insert(boardHomes)
    .values({ companyId, userId, boardId })
    .onConflictDoUpdate({ target: [boardHomes.companyId, boardHomes.userId], set: { boardId, createdAt: new Date() } });
}

/** The member opens the app on the dashboard again, if this board was their start page. */
export async function deleteHomeBoard(tx: Transaction, companyId: CompanyId, userId: UserId, boardId: string): Promise<void> {
  await tx
    .delete(boardHomes)
    .where(and(eq(boardHomes.companyId, companyId), eq(boardHomes.userId, userId), eq(boardHomes.boardId, boardId)));
}
