import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { coachingNotes, profiles, wrapupComments, wrapupReads } from '../../db/schema';
import type { CompanyId, UserId } from '../../db/tenant';

/*
 * The one owner of wrapup_reads, wrapup_comments and coaching_notes (decision 045). Every function
 * is a step of the caller's open transaction (withTenant in the service); row-level security
 * agrees with the service on who sees what (migration 0025).
 */

export type FaceColumns = { displayName: string | null; avatarUrl: string | null; formerMember: boolean };

/** A read's join for the names of the people who wrote (now). */
const authorFace = {
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  formerMember: sql<boolean>`coalesce(${profiles.erasedAt} IS NOT NULL AND ${profiles.removedAt} IS NOT NULL, false)`,
};

// ---- read markers -----------------------------------------------------------------------------

/** When the viewer last opened each wrap-up (of those read on or after `since`). */
export async function selectReadMarkers(
  tx: Transaction,
  companyId: CompanyId,
  viewerId: UserId,
  filter: { wrapupIds?: readonly string[]; since?: Date },
): Promise<Map<string, Date>> {
  if (filter.wrapupIds?.length === 0) return new Map();
  const rows = await tx
    .select({ wrapupId: wrapupReads.wrapupId, readAt: wrapupReads.readAt })
    .from(wrapupReads)
    .where(
      and(
        eq(wrapupReads.companyId, companyId),
        eq(wrapupReads.userId, viewerId),
        filter.wrapupIds ? inArray(wrapupReads.wrapupId, [...filter.wrapupIds]) : undefined,
        filter.since ? gte(wrapupReads.readAt, filter.since) : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.wrapupId, row.readAt]));
}

export async function upsertReadMarker(tx: Transaction, companyId: CompanyId, input: { viewerId: UserId; wrapupId: string; now: Date }) {
  await tx
    .insert(wrapupReads)
    .values({ companyId, userId: input.viewerId, wrapupId: input.wrapupId, readAt: input.now })
    .onConflictDoUpdate({ target: [wrapupReads.companyId, wrapupReads.userId, wrapupReads.wrapupId], set: { readAt: input.now } });
}

// ---- comments -----------------------------------------------------------------------------------

export type CommentStats = { count: number; lastByOthersAt: Date | null };

/**
 * Per wrap-up: how many comments the viewer may see, and when someone other than the viewer last
 * wrote. Either the wrap-ups named, or every thread with a comment on or after `since`.
 */
export async function selectCommentStats(
  tx: Transaction,
  companyId: CompanyId,
  viewerId: UserId,
  filter: { wrapupIds?: readonly string[]; since?: Date },
): Promise<Map<string, CommentStats>> {
  if (filter.wrapupIds?.length === 0) return new Map();
  const rows = await tx
    .select({
      wrapupId: wrapupComments.wrapupId,
      count: sql<number>`count(*)::int`.mapWith(Number),
      lastByOthersAt: sql<string | null>`max(${wrapupComments.createdAt}) FILTER (WHERE ${wrapupComments.authorId} <> ${viewerId})`,
    })
    .from(wrapupComments)
    .where(
      and(
        eq(wrapupComments.companyId, companyId),
        filter.wrapupIds ? inArray(wrapupComments.wrapupId, [...filter.wrapupIds]) : undefined,
        filter.since ? gte(wrapupComments.createdAt, filter.since) : undefined,
      ),
    )
    .groupBy(wrapupComments.wrapupId);
  return new Map(
    rows.map((row) => [
      row.wrapupId,
      { count: row.count, lastByOthersAt: row.lastByOthersAt === null ? null : new Date(row.lastByOthersAt) },
    ]),
  );
}

export type CommentRow = Pick<typeof wrapupComments.$inferSelect, 'id' | 'wrapupId' | 'authorId' | 'body' | 'createdAt'> & FaceColumns;

/** The comments of these wrap-ups, oldest first. */
export async function selectComments(tx: Transaction, companyId: CompanyId, wrapupIds: readonly string[]): Promise<CommentRow[]> {
  if (wrapupIds.length === 0) return [];
  return tx
    .select({
      id: wrapupComments.id,
      wrapupId: wrapupComments.wrapupId,
      authorId: wrapupComments.authorId,
      body: wrapupComments.body,
      createdAt: wrapupComments.createdAt,
      ...authorFace,
    })
    .from(wrapupComments)
    .leftJoin(profiles, and(eq(profiles.companyId, wrapupComments.companyId), eq(profiles.userId, wrapupComments.authorId)))
    .where(and(eq(wrapupComments.companyId, companyId), inArray(wrapupComments.wrapupId, [...wrapupIds])))
    .orderBy(asc(wrapupComments.createdAt), asc(wrapupComments.id));
}

export async function insertComment(
  tx: Transaction,
  companyId: CompanyId,
  input: { wrapupId: string; wrapupAuthorId: UserId; authorId: UserId; body: string; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(wrapupComments)
    .values({
      companyId,
      wrapupId: input.wrapupId,
      userId: input.wrapupAuthorId,
      authorId: input.authorId,
      body: input.body,
      createdAt: input.now,
    })
    .returning({ id: wrapupComments.id });
  return row!.id;
}

/** The person's own wrap-ups that have comments, latest comment first. */
export async function selectThreadWrapupIds(tx: Transaction, companyId: CompanyId, userId: UserId, limit: number): Promise<string[]> {
  const rows = await tx
    .select({ wrapupId: wrapupComments.wrapupId })
    .from(wrapupComments)
    .where(and(eq(wrapupComments.companyId, companyId), eq(wrapupComments.userId, userId)))
    .groupBy(wrapupComments.wrapupId)
    .orderBy(desc(sql`max(${wrapupComments.createdAt})`))
    .limit(limit);
  return rows.map((row) => row.wrapupId);
}

// ---- 1:1 notes and follow-ups --------------------------------------------------------------------

export type NoteRow = Pick<typeof coachingNotes.$inferSelect, 'id' | 'userId' | 'kind' | 'body' | 'createdAt' | 'doneAt'> & {
  authorId: UserId;
} & FaceColumns;

const noteColumns = {
  id: coachingNotes.id,
  userId: coachingNotes.userId,
  authorId: coachingNotes.authorId,
  kind: coachingNotes.kind,
  body: coachingNotes.body,
  createdAt: coachingNotes.createdAt,
  doneAt: coachingNotes.doneAt,
  ...authorFace,
};

/** The notes and follow-ups about one person, newest first. */
export async function selectNotes(tx: Transaction, companyId: CompanyId, userId: UserId): Promise<NoteRow[]> {
  return tx
    .select(noteColumns)
    .from(coachingNotes)
    .leftJoin(profiles, and(eq(profiles.companyId, coachingNotes.companyId), eq(profiles.userId, coachingNotes.authorId)))
    .where(and(eq(coachingNotes.companyId, companyId), eq(coachingNotes.userId, userId)))
    .orderBy(desc(coachingNotes.createdAt), desc(coachingNotes.id));
}

export async function selectNote(tx: Transaction, companyId: CompanyId, noteId: string): Promise<NoteRow | null> {
  const [row] = await tx
    .select(noteColumns)
    .from(coachingNotes)
    .leftJoin(profiles, and(eq(profiles.companyId, coachingNotes.companyId), eq(profiles.userId, coachingNotes.authorId)))
    .where(and(eq(coachingNotes.companyId, companyId), eq(coachingNotes.id, noteId)));
  return row ?? null;
}

export async function insertNote(
  tx: Transaction,
  companyId: CompanyId,
  input: { userId: UserId; authorId: UserId; kind: 'note' | 'follow_up'; body: string; now: Date },
): Promise<string> {
  const [row] = await tx
    .insert(coachingNotes)
    .values({ companyId, userId: input.userId, authorId: input.authorId, kind: input.kind, body: input.body, createdAt: input.now })
    .returning({ id: coachingNotes.id });
  return row!.id;
}

/** Checks a follow-up off (or opens it again); false when there is no such follow-up. */
export async function updateFollowUpDone(
  tx: Transaction,
  companyId: CompanyId,
  input: { noteId: string; done: boolean; by: UserId; now: Date },
): Promise<boolean> {
  const updated = await tx
    .update(coachingNotes)
    .set(input.done ? { doneAt: input.now, doneBy: input.by } : { doneAt: null, doneBy: null })
    .where(and(eq(coachingNotes.companyId, companyId), eq(coachingNotes.id, input.noteId), eq(coachingNotes.kind, 'follow_up')))
    .returning({ id: coachingNotes.id });
  return updated.length > 0;
}

export async function deleteNoteRow(tx: Transaction, companyId: CompanyId, noteId: string): Promise<boolean> {
  const deleted = await tx
    .delete(coachingNotes)
    .where(and(eq(coachingNotes.companyId, companyId), eq(coachingNotes.id, noteId)))
    .returning({ id: coachingNotes.id });
  return deleted.length > 0;
}
