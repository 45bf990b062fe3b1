import {
  type AddWrapupComment,
  COACHING_THREADS_LIMIT,
  COACHING_WINDOW_DAYS,
  type CoachingNote,
  type CoachingNotes,
  type CoachingPerson,
  type CoachingUnread,
  type CoachingWrapup,
  type CoachingWrapupItem,
  type CoachingWrapupList,
  type CoachingWrapupListQuery,
  type CreateCoachingNote,
  type MyWrapupThreads,
  type UpdateCoachingNote,
  type WrapupComment,
} from '@core/contracts';
import { addDays, computeLocalDate, type LocalDate } from '@core/period';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import { actAsMember, type CompanyId, toUserId, type UserId, withTenant } from '../../db/tenant';
import { forbidden, HttpError, notFound } from '../../lib/http';
import { selectActiveMemberFaces } from '../companies/memberships.service';
import { selectManagedMemberIds, selectManager } from '../teams/teams.service';
import { queueWrapupCommentPush } from '../push/push.service';
import {
  type CoachingWrapupRow,
  selectWrapupDates,
  selectWrapupStamps,
  selectWrapupsOfMembers,
  selectWrapupWithLog,
} from '../wrapups/wrapups.service';
import {
  type CommentRow,
  type CommentStats,
  deleteNoteRow,
  type FaceColumns,
  insertComment,
  insertNote,
  type NoteRow,
  selectComments,
  selectCommentStats,
  selectNote,
  selectNotes,
  selectReadMarkers,
  selectThreadWrapupIds,
  updateFollowUpDone,
  upsertReadMarker,
} from './coaching.repository';

/*
 * Coaching on wrap-ups (decision 045). Who coaches whom is the teams module's answer: admins
 * everyone, a team lead the members of the teams they lead (canManageMember), never oneself. A
 * wrap-up's conversation is its author's and their coaches'; 1:1 notes are the coaches' alone.
 * Row-level security says the same (migration 0025), so a forgotten check here still shows nothing.
 */

const wrapupNotFound = () => notFound('No such wrap-up among your people.');
const memberNotFound = () => notFound('No such member among your people.');
const noteNotFound = () => notFound('No such note among your people.');

/** The people the actor coaches (active members they manage, themself left out); 403 for a rep who leads no team. */
async function requireCoachedIds(tx: Transaction, actor: Actor): Promise<Set<string>> {
  const manager = await selectManager(tx, actor);
  if (manager.role !== 'admin' && manager.ledTeamIds.length === 0) {
    throw forbidden('Coaching is for team leads and admins.');
  }
  const ids = new Set<string>(await selectManagedMemberIds(tx, actor));
  ids.delete(actor.userId);
  return ids;
}

/** Whether the actor coaches this person (a rep who leads nobody coaches nobody; no 403 here). */
async function coaches(tx: Transaction, actor: Actor, userId: string): Promise<boolean> {
  if (userId === actor.userId) return false;
  return (await selectManagedMemberIds(tx, actor)).some((id) => id === userId);
}

const toPerson = (userId: string, face: FaceColumns): CoachingPerson => ({
  userId,
  displayName: face.formerMember ? null : face.displayName,
  avatarUrl: face.formerMember ? null : face.avatarUrl,
  formerMember: face.formerMember,
});

function isUnread(updatedAt: Date, readAt: Date | undefined, stats: CommentStats | undefined): boolean {
  if (!readAt) return true;
  if (readAt < updatedAt) return true;
  return stats?.lastByOthersAt != null && readAt < stats.lastByOthersAt;
}

function toItem(row: CoachingWrapupRow, readAt: Date | undefined, stats: CommentStats | undefined): CoachingWrapupItem {
  return {
    id: row.id,
    date: row.date,
    member: toPerson(row.userId, row),
    typed: { calls: row.calls, meetings: row.meetings, sales: row.sales, points: row.points },
    logged: row.logged,
    good: row.good,
    improve: row.improve,
    unread: isUnread(row.updatedAt, readAt, stats),
    commentCount: stats?.count ?? 0,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const toComment = (row: CommentRow, viewerId: UserId): WrapupComment => ({
  id: row.id,
  author: toPerson(row.authorId, row),
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  mine: row.authorId === viewerId,
});

const byName = (a: CoachingPerson, b: CoachingPerson) =>
  (a.displayName ?? '\uffff').localeCompare(b.displayName ?? '\uffff') || (a.userId < b.userId ? -1 : 1);

/** How far back a read marker or a comment can matter to the window's wrap-ups (a day's margin for zones). */
const windowSince = (now: Date) => new Date(now.getTime() - (COACHING_WINDOW_DAYS + 2) * 86_400_000);

/**
 * Transaction step (the weekly digest): how many of these people's wrap-ups of [from, to] the
 * reader has not read, by the Coaching screen's rule (never opened, saved again since, or someone
 * else commented since). Runs as the reader, so only their markers and the threads they may read count.
 */
export async function countUnreadWrapupsOf(
  tx: Transaction,
  companyId: CompanyId,
  input: { readerId: UserId; authorIds: readonly UserId[]; from: LocalDate; to: LocalDate },
): Promise<number> {
  if (input.authorIds.length === 0) return 0;
  return actAsMember(tx, input.readerId, async () => {
    const stamps = await selectWrapupStamps(tx, companyId, { userIds: input.authorIds, from: input.from, to: input.to });
    const ids = stamps.map((stamp) => stamp.id);
    const reads = await selectReadMarkers(tx, companyId, input.readerId, { wrapupIds: ids });
    const stats = await selectCommentStats(tx, companyId, input.readerId, { wrapupIds: ids });
    return stamps.filter((stamp) => isUnread(stamp.updatedAt, reads.get(stamp.id), stats.get(stamp.id))).length;
  });
}

/**
 * The wrap-ups of the actor's people: of one day, of one person (their last 60 days), or both;
 * unread first, then newest day first, then by name. With the unread count of the last 60 days and
 * the people, for the filters.
 */
export async function listCoachingWrapups(deps: AppDeps, actor: Actor, query: CoachingWrapupListQuery): Promise<CoachingWrapupList> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const windowFrom = addDays(today, -(COACHING_WINDOW_DAYS - 1));
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const coached = await requireCoachedIds(tx, actor);
    if (query.memberId !== undefined && !coached.has(query.memberId)) throw memberNotFound();
    const userIds = query.memberId !== undefined ? [toUserId(query.memberId)] : [...coached].map(toUserId);
    const rows = await selectWrapupsOfMembers(tx, actor.companyId, {
      userIds,
      from: query.date ?? windowFrom,
      to: query.date ?? today,
      limit: query.memberId !== undefined ? COACHING_WINDOW_DAYS : 1000,
    });

    // The unread count covers every person coached over the window, whatever the filter shows.
    const unreadCount = await countUnreadInWindow(tx, actor, coached, now);

    const ids = rows.map((row) => row.id);
    const rowReads = await selectReadMarkers(tx, actor.companyId, actor.userId, { wrapupIds: ids });
    const rowStats = await selectCommentStats(tx, actor.companyId, actor.userId, { wrapupIds: ids });
    const items = rows
      .map((row) => toItem(row, rowReads.get(row.id), rowStats.get(row.id)))
      .sort((a, b) => Number(b.unread) - Number(a.unread) || (a.date < b.date ? 1 : a.date > b.date ? -1 : byName(a.member, b.member)));

    const people = (await selectActiveMemberFaces(tx, actor.companyId))
      .filter((face) => coached.has(face.userId))
      .map((face) => toPerson(face.userId, { ...face, formerMember: false }))
      .sort(byName);
    return { items, unreadCount, people };
  });
}

/**
 * How many of the actor's people's wrap-ups of the last 60 days the actor has not read (the
 * navigation's count beside Coaching): the same number as the Coaching screen's.
 */
export async function countMyUnreadWrapups(deps: AppDeps, actor: Actor): Promise<CoachingUnread> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const coached = await requireCoachedIds(tx, actor);
    return { unreadCount: await countUnreadInWindow(tx, actor, coached, deps.now()) };
  });
}

/** Unread by the Coaching screen's rule, over the window, for everyone the actor coaches. */
async function countUnreadInWindow(tx: Transaction, actor: Actor, coached: ReadonlySet<string>, now: Date): Promise<number> {
  const today = computeLocalDate(now, actor.timezone);
  const since = windowSince(now);
  const stamps = await selectWrapupStamps(tx, actor.companyId, {
    userIds: [...coached].map(toUserId),
    from: addDays(today, -(COACHING_WINDOW_DAYS - 1)),
    to: today,
  });
  const reads = await selectReadMarkers(tx, actor.companyId, actor.userId, { since });
  const recentStats = await selectCommentStats(tx, actor.companyId, actor.userId, { since });
  return stamps.filter((stamp) => isUnread(stamp.updatedAt, reads.get(stamp.id), recentStats.get(stamp.id))).length;
}

/** The wrap-up if the actor wrote it or coaches its author; else a 404 (it cannot be told from one that never was). */
async function requireReadableWrapup(tx: Transaction, actor: Actor, wrapupId: string): Promise<CoachingWrapupRow> {
  const row = await selectWrapupWithLog(tx, actor.companyId, wrapupId);
  if (!row) throw wrapupNotFound();
  if (row.userId !== actor.userId && !(await coaches(tx, actor, row.userId))) throw wrapupNotFound();
  return row;
}

async function readWrapup(tx: Transaction, actor: Actor, row: CoachingWrapupRow): Promise<CoachingWrapup> {
  const [reads, stats, comments] = [
    await selectReadMarkers(tx, actor.companyId, actor.userId, { wrapupIds: [row.id] }),
    await selectCommentStats(tx, actor.companyId, actor.userId, { wrapupIds: [row.id] }),
    await selectComments(tx, actor.companyId, [row.id]),
  ];
  return {
    ...toItem(row, reads.get(row.id), stats.get(row.id)),
    comments: comments.map((comment) => toComment(comment, actor.userId)),
    isAuthor: row.userId === actor.userId,
  };
}

/** One wrap-up with the log beside it and its conversation, for its author or their coach. Reading does not mark it read. */
export async function getCoachingWrapup(deps: AppDeps, actor: Actor, wrapupId: string): Promise<CoachingWrapup> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) =>
    readWrapup(tx, actor, await requireReadableWrapup(tx, actor, wrapupId)),
  );
}

/** Marks the wrap-up read by the actor (opening it on screen). */
export async function markWrapupRead(deps: AppDeps, actor: Actor, wrapupId: string): Promise<void> {
  await withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    await requireReadableWrapup(tx, actor, wrapupId);
    await upsertReadMarker(tx, actor.companyId, { viewerId: actor.userId, wrapupId, now: deps.now() });
  });
}

/** A comment from the wrap-up's author or a coach of theirs; the writer has read everything before it. */
export async function addWrapupComment(deps: AppDeps, actor: Actor, wrapupId: string, input: AddWrapupComment): Promise<CoachingWrapup> {
  const now = deps.now();
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const row = await requireReadableWrapup(tx, actor, wrapupId);
    await insertComment(tx, actor.companyId, { wrapupId, wrapupAuthorId: row.userId, authorId: actor.userId, body: input.body, now });
    await queueWrapupCommentPush(
      tx,
      actor.companyId,
      { wrapupId, wrapupAuthorId: row.userId, authorId: actor.userId, body: input.body },
      now,
    );
    await upsertReadMarker(tx, actor.companyId, { viewerId: actor.userId, wrapupId, now });
    return readWrapup(tx, actor, row);
  });
}

/** The actor's own wrap-ups that have comments (the rep's side), latest conversation first. */
export async function listMyWrapupThreads(deps: AppDeps, actor: Actor): Promise<MyWrapupThreads> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const ids = await selectThreadWrapupIds(tx, actor.companyId, actor.userId, COACHING_THREADS_LIMIT);
    const [dates, reads, stats, comments] = [
      await selectWrapupDates(tx, actor.companyId, ids),
      await selectReadMarkers(tx, actor.companyId, actor.userId, { wrapupIds: ids }),
      await selectCommentStats(tx, actor.companyId, actor.userId, { wrapupIds: ids }),
      await selectComments(tx, actor.companyId, ids),
    ];
    return {
      threads: ids.flatMap((id) => {
        const date = dates.get(id);
        if (date === undefined) return [];
        const last = stats.get(id)?.lastByOthersAt ?? null;
        const readAt = reads.get(id);
        return [
          {
            wrapupId: id,
            date,
            comments: comments.filter((c) => c.wrapupId === id).map((c) => toComment(c, actor.userId)),
            unread: last !== null && (readAt === undefined || readAt < last),
          },
        ];
      }),
    };
  });
}

// ---- 1:1 notes ------------------------------------------------------------------------------------

const toNote = (row: NoteRow): CoachingNote => ({
  id: row.id,
  kind: row.kind === 'follow_up' ? 'follow_up' : 'note',
  body: row.body,
  author: toPerson(row.authorId, row),
  createdAt: row.createdAt.toISOString(),
  doneAt: row.doneAt?.toISOString() ?? null,
});

async function requireCoachedMember(tx: Transaction, actor: Actor, memberId: string): Promise<CoachingPerson> {
  const coached = await requireCoachedIds(tx, actor);
  if (!coached.has(memberId)) throw memberNotFound();
  const face = (await selectActiveMemberFaces(tx, actor.companyId)).find((f) => f.userId === memberId);
  if (!face) throw memberNotFound();
  return toPerson(face.userId, { ...face, formerMember: false });
}

async function readNotes(tx: Transaction, actor: Actor, member: CoachingPerson): Promise<CoachingNotes> {
  const rows = (await selectNotes(tx, actor.companyId, toUserId(member.userId))).map(toNote);
  return {
    member,
    notes: rows.filter((row) => row.kind === 'note'),
    // Open follow-ups first (oldest first: the agenda's order), then the ones checked off, latest first.
    followUps: [
      ...rows.filter((row) => row.kind === 'follow_up' && row.doneAt === null).reverse(),
      ...rows
        .filter((row) => row.kind === 'follow_up' && row.doneAt !== null)
        .sort((a, b) => (a.doneAt! < b.doneAt! ? 1 : a.doneAt! > b.doneAt! ? -1 : 0)),
    ],
  };
}

/** The private 1:1 notes and agenda of one of the actor's people. */
export async function getCoachingNotes(deps: AppDeps, actor: Actor, memberId: string): Promise<CoachingNotes> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) =>
    readNotes(tx, actor, await requireCoachedMember(tx, actor, memberId)),
  );
}

export async function createCoachingNote(deps: AppDeps, actor: Actor, memberId: string, input: CreateCoachingNote): Promise<CoachingNotes> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const member = await requireCoachedMember(tx, actor, memberId);
    await insertNote(tx, actor.companyId, {
      userId: toUserId(memberId),
      authorId: actor.userId,
      kind: input.kind,
      body: input.body,
      now: deps.now(),
    });
    return readNotes(tx, actor, member);
  });
}

/** The note if the actor coaches the person it is about (the policies hide it otherwise: a 404 alike). */
async function requireNote(tx: Transaction, actor: Actor, noteId: string): Promise<{ note: NoteRow; member: CoachingPerson }> {
  await requireCoachedIds(tx, actor); // a rep is refused before anything is looked up
  const note = await selectNote(tx, actor.companyId, noteId);
  if (!note) throw noteNotFound();
  const member = await requireCoachedMember(tx, actor, note.userId).catch((error: unknown) => {
    throw error instanceof HttpError && error.status === 404 ? noteNotFound() : error;
  });
  return { note, member };
}

/** Checks a follow-up off, or opens it again. A note is not a follow-up: 409. */
export async function updateCoachingNote(deps: AppDeps, actor: Actor, noteId: string, input: UpdateCoachingNote): Promise<CoachingNotes> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const { note, member } = await requireNote(tx, actor, noteId);
    if (note.kind !== 'follow_up') throw new HttpError(409, 'not_a_follow_up', 'Only follow-ups can be checked off.');
    await updateFollowUpDone(tx, actor.companyId, { noteId, done: input.done, by: actor.userId, now: deps.now() });
    return readNotes(tx, actor, member);
  });
}

export async function deleteCoachingNote(deps: AppDeps, actor: Actor, noteId: string): Promise<CoachingNotes> {
  return withTenant(deps.database.db, memberScopeOf(actor), async (tx) => {
    const { member } = await requireNote(tx, actor, noteId);
    await deleteNoteRow(tx, actor.companyId, noteId);
    return readNotes(tx, actor, member);
  });
}
