import { z } from 'zod';
import { FIRST_LOCAL_YEAR, isLocalDate, LAST_LOCAL_YEAR } from '../period';
import { text } from './common';
import { WrapupNumbersSchema } from './wrapups';
import { COACHING_COMMENT_MAX } from './constants';

/*
 * Coaching on wrap-ups (decision 045): leads and admins read their people's wrap-ups (unread
 * first) beside what the log says, and talk with the rep on each; private 1:1 notes and a
 * follow-up agenda per rep, for leads and admins only.
 */

export { COACHING_COMMENT_MAX };
export const COACHING_NOTE_MAX = 2000;
/** A person's list shows their last 60 wrap-ups; unread counts look back as far. */
export const COACHING_WINDOW_DAYS = 60;
/** The rep's own conversations: their last 20 wrap-ups that have comments. */
export const COACHING_THREADS_LIMIT = 20;

const uuid = (what: string) => text().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, `must be ${what}`);

const LocalDateField = text().refine(isLocalDate, {
  message: `must be a calendar date as YYYY-MM-DD, in the years ${FIRST_LOCAL_YEAR}-${LAST_LOCAL_YEAR}`,
});

export const CoachingPersonSchema = z.object({
  userId: text(),
  displayName: text().nullable(),
  avatarUrl: text().nullable(),
  /** Erased and removed (decision 022): shown as "Former member". */
  formerMember: z.boolean(),
});
export type CoachingPerson = z.infer<typeof CoachingPersonSchema>;

/** One wrap-up in a lead's list. */
export const CoachingWrapupItemSchema = z.object({
  id: text(),
  /** The company-local day, 'YYYY-MM-DD'. */
  date: text(),
  member: CoachingPersonSchema,
  /** What the rep typed. */
  typed: WrapupNumbersSchema,
  /** What the log says for that day (the day's rollup; meetings = meetings booked). */
  logged: WrapupNumbersSchema,
  good: text().nullable(),
  improve: text().nullable(),
  /** Never opened by the viewer, or saved again or answered by someone else since. */
  unread: z.boolean(),
  commentCount: z.number().int(),
  updatedAt: text(),
});
export type CoachingWrapupItem = z.infer<typeof CoachingWrapupItemSchema>;

export const CoachingWrapupListQuerySchema = z.object({
  /** One day: everyone's wrap-ups of that day. */
  date: LocalDateField.optional(),
  /** One person: their wrap-ups (of `date`, or their last 60 days). */
  memberId: text().trim().min(1).max(128).optional(),
});
export type CoachingWrapupListQuery = z.infer<typeof CoachingWrapupListQuerySchema>;

export const CoachingWrapupListSchema = z.object({
  /** Unread first, then newest day first, then by name. */
  items: z.array(CoachingWrapupItemSchema),
  /** Unread wrap-ups of all the viewer's people over the last 60 days (whatever the filter). */
  unreadCount: z.number().int(),
  /** The people whose wrap-ups the viewer reads (for the person filter), by name. */
  people: z.array(CoachingPersonSchema),
});
export type CoachingWrapupList = z.infer<typeof CoachingWrapupListSchema>;

/** The navigation's count beside Coaching: the Coaching screen's unread count. */
export const CoachingUnreadSchema = z.object({ unreadCount: z.number().int() });
export type CoachingUnread = z.infer<typeof CoachingUnreadSchema>;

export const WrapupCommentSchema = z.object({
  id: text(),
  author: CoachingPersonSchema,
  body: text(),
  createdAt: text(),
  /** Written by the viewer. */
  mine: z.boolean(),
});
export type WrapupComment = z.infer<typeof WrapupCommentSchema>;

/** One wrap-up as its author or a lead reads it: the numbers beside the log, and the conversation. */
export const CoachingWrapupSchema = CoachingWrapupItemSchema.extend({
  comments: z.array(WrapupCommentSchema),
  /** The viewer wrote the wrap-up (the rep's own view). */
  isAuthor: z.boolean(),
});
export type CoachingWrapup = z.infer<typeof CoachingWrapupSchema>;

export const WrapupIdParamsSchema = z.object({ id: uuid('a wrap-up id') });

export const AddWrapupCommentSchema = z
  .object({
    body: text({ error: 'Please write a comment' })
      .trim()
      .min(1, 'Please write a comment')
      .max(COACHING_COMMENT_MAX, `A comment can be at most ${COACHING_COMMENT_MAX} characters`),
  })
  .strict();
export type AddWrapupComment = z.infer<typeof AddWrapupCommentSchema>;

/** The rep's own wrap-ups that have comments, latest conversation first. */
export const MyWrapupThreadsSchema = z.object({
  threads: z.array(
    z.object({
      wrapupId: text(),
      date: text(),
      comments: z.array(WrapupCommentSchema),
      /** A comment by someone else arrived since the rep last opened it. */
      unread: z.boolean(),
    }),
  ),
});
export type MyWrapupThreads = z.infer<typeof MyWrapupThreadsSchema>;

export const COACHING_NOTE_KINDS = ['note', 'follow_up'] as const;
export const CoachingNoteKindSchema = z.enum(COACHING_NOTE_KINDS);
export type CoachingNoteKind = z.infer<typeof CoachingNoteKindSchema>;

export const CoachingNoteSchema = z.object({
  id: text(),
  kind: CoachingNoteKindSchema,
  body: text(),
  author: CoachingPersonSchema,
  createdAt: text(),
  /** Follow-ups: when it was checked off, or null while open. */
  doneAt: text().nullable(),
});
export type CoachingNote = z.infer<typeof CoachingNoteSchema>;

/** The private 1:1 page of one rep: notes newest first, the agenda open items first. */
export const CoachingNotesSchema = z.object({
  member: CoachingPersonSchema,
  notes: z.array(CoachingNoteSchema),
  followUps: z.array(CoachingNoteSchema),
});
export type CoachingNotes = z.infer<typeof CoachingNotesSchema>;

export const CoachingMemberParamsSchema = z.object({ memberId: text().trim().min(1).max(128) });
export const CoachingNoteParamsSchema = z.object({ id: uuid('a note id') });

export const CreateCoachingNoteSchema = z
  .object({
    kind: CoachingNoteKindSchema,
    body: text({ error: 'Please write something' })
      .trim()
      .min(1, 'Please write something')
      .max(COACHING_NOTE_MAX, `At most ${COACHING_NOTE_MAX} characters`),
  })
  .strict();
export type CreateCoachingNote = z.infer<typeof CreateCoachingNoteSchema>;

/** Checks a follow-up off, or opens it again. */
export const UpdateCoachingNoteSchema = z.object({ done: z.boolean() }).strict();
export type UpdateCoachingNote = z.infer<typeof UpdateCoachingNoteSchema>;
