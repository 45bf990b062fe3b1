import { z } from 'zod';
import { text } from './common';
import { CALL_OUTCOMES } from '../kpi/points';
import { FIRST_LOCAL_YEAR, isLocalDate, LAST_LOCAL_YEAR } from '../period/local-date';
import { ACTIVITY_NOTES_MAX, CUSTOMER_NAME_MAX, PRODUCT_NAME_MAX } from './constants';
import { ACTIVITY_FIELD_TEXT_MAX, ACTIVITY_TYPE_FIELDS_MAX, EntryIdSchema } from './activity-types';

/*
 * A rep's own activities: logging a call, sale, held meeting, e-mail or LinkedIn touch, the list of
 * today's activities, and editing or deleting (undo) one of today's.
 */

export { ACTIVITY_NOTES_MAX, CUSTOMER_NAME_MAX, PRODUCT_NAME_MAX };
/** 10 000 000 000.00 in minor units: more than any real sale, small enough to stay exact. */
export const TICKET_SIZE_MAX = 1_000_000_000_000;

export const SALE_VALUE_MESSAGE = 'Please enter a valid sale value';

/** What a rep logs (the request's `kind`): a built-in kind, or one of the company's own types (decision 100). */
export const ACTIVITY_KINDS = ['call', 'sale', 'meeting', 'email', 'linkedin', 'custom'] as const;
export const ActivityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof ActivityKindSchema>;

/** The built-in kinds as stored: what an edit may turn one into. */
export const BUILT_IN_ACTIVITY_TYPES = ['call_answered', 'call_unanswered', 'meeting', 'sale', 'email', 'linkedin'] as const;
export type BuiltInActivityType = (typeof BUILT_IN_ACTIVITY_TYPES)[number];
/** How an activity is stored (the `type` column); 'custom' is one of the company's own types (typeId says which). */
export const ACTIVITY_TYPE_VALUES = [...BUILT_IN_ACTIVITY_TYPES, 'custom'] as const;
export const StoredActivityTypeSchema = z.enum(ACTIVITY_TYPE_VALUES);
export type StoredActivityType = z.infer<typeof StoredActivityTypeSchema>;

export const CallOutcomeSchema = z.enum(CALL_OUTCOMES, {
  error: 'Choose an outcome: No progress, Moved forward or Meeting booked',
});

/** Trimmed by the server; empty means "no customer". */
const customerName = text({ error: 'The customer name must be text' })
  .trim()
  .max(CUSTOMER_NAME_MAX, `The customer name can be at most ${CUSTOMER_NAME_MAX} characters`)
  .nullish();
const notes = text({ error: 'Notes must be text' })
  .trim()
  .max(ACTIVITY_NOTES_MAX, `Notes can be at most ${ACTIVITY_NOTES_MAX} characters`)
  .nullish();
const productName = text({ error: 'The product or service must be text' })
  .trim()
  .max(PRODUCT_NAME_MAX, `The product or service can be at most ${PRODUCT_NAME_MAX} characters`)
  .nullish();
/**
 * The company-local day to log for (or move to), 'YYYY-MM-DD'; absent: today. A day before today
 * must lie within the company's late-logging window for a rep (decision 041).
 */
const localDate = text({ error: 'The day must be a date as YYYY-MM-DD' })
  .refine((value): boolean => isLocalDate(value), { message: 'The day must be a date as YYYY-MM-DD' })
  .optional();

/**
 * The local time of day it happened, 'HH:MM' (or 'HH:MM:SS', as the app sends the moment it was
 * tapped), with an earlier `localDate` or a device's `clientKey`; absent: now's time of day.
 */
const time = text({ error: 'The time must be HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'The time must be HH:MM')
  .optional();

/**
 * A key the logging device makes for each activity (a UUID; decision 054): sending the same log
 * again (a retry after a lost answer, the phone's offline queue) answers the activity logged the
 * first time instead of logging it twice. With it, `time` may be given for today too: when it was
 * tapped, for a log sent later than it was made.
 */
const clientKey = z.uuid({ error: 'The client key must be a UUID' }).optional();

/**
 * Whose activity it is, when not the caller's: an admin logs for (or moves an activity to) any
 * active member, a team lead for the members of the teams they lead (decisions 044 and 086).
 */
const memberId = text({ error: 'The member must be a user id' }).min(1, 'The member must be a user id').optional();

/** A sale value in integer minor units (øre, cents) of the company currency, greater than 0. */
const ticketSize = z
  .number({ error: SALE_VALUE_MESSAGE })
  .int(SALE_VALUE_MESSAGE)
  .positive(SALE_VALUE_MESSAGE)
  .max(TICKET_SIZE_MAX, 'That sale value is too large');

export const LogCallSchema = z
  .object({
    kind: z.literal('call'),
    answered: z.boolean({ error: 'Choose Answered or Not answered' }),
    /** Required when answered; a call that was not answered is always stored as no_progress. */
    outcome: CallOutcomeSchema.optional(),
    customerName,
    notes,
    localDate,
    time,
    clientKey,
    userId: memberId,
  })
  .refine((v) => !v.answered || v.outcome !== undefined, {
    message: 'Choose an outcome for the answered call',
    path: ['outcome'],
  });

export const LogSaleSchema = z.object({
  kind: z.literal('sale'),
  ticketSize,
  productName,
  customerName,
  notes,
  localDate,
  time,
  clientKey,
  userId: memberId,
});

/** A meeting that took place (the meeting_completed rule). */
export const LogMeetingSchema = z.object({ kind: z.literal('meeting'), customerName, notes, localDate, time, clientKey, userId: memberId });
/** Only while the company's email rule is enabled. */
export const LogEmailSchema = z.object({ kind: z.literal('email'), customerName, notes, localDate, time, clientKey, userId: memberId });
/** Only while the company's linkedin rule is enabled. */
export const LogLinkedinSchema = z.object({
  kind: z.literal('linkedin'),
  customerName,
  notes,
  localDate,
  time,
  clientKey,
  userId: memberId,
});

/**
 * One of the company's own types (decision 100): its outcome, when the type has outcomes, and its
 * fields' values by field id (a number; money in minor units; a choice's option id; true or false;
 * a line of text; a date as YYYY-MM-DD), checked against the type by the server.
 */
export const LogCustomSchema = z.object({
  kind: z.literal('custom'),
  typeId: z.uuid({ error: 'Choose one of your activity types' }),
  outcome: EntryIdSchema.nullish(),
  fields: z
    .record(EntryIdSchema, z.union([z.number(), z.boolean(), text().max(ACTIVITY_FIELD_TEXT_MAX * 2)]).nullable())
    .refine((fields) => Object.keys(fields).length <= ACTIVITY_TYPE_FIELDS_MAX * 2, { message: 'Too many fields' })
    .optional(),
  customerName,
  notes,
  localDate,
  time,
  clientKey,
  userId: memberId,
});
export type LogCustom = z.infer<typeof LogCustomSchema>;

export const LogActivitySchema = z.discriminatedUnion(
  'kind',
  [LogCallSchema, LogSaleSchema, LogMeetingSchema, LogEmailSchema, LogLinkedinSchema, LogCustomSchema],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'Choose what to log: a call, sale, meeting, e-mail, LinkedIn touch or one of your own types'
        : undefined,
  },
);
export type LogActivity = z.infer<typeof LogActivitySchema>;
export type LogCall = z.infer<typeof LogCallSchema>;
export type LogSale = z.infer<typeof LogSaleSchema>;

/**
 * A change to an activity: one's own within the company's late-logging window, or, for an admin
 * or the member's team lead, theirs on any earlier day (decisions 041 and 086). Any subset, at
 * least one field; `localDate` moves it to another day, `userId` to another member (managers only),
 * `type` makes it another kind (a call that was a meeting): an answered call then needs its
 * `outcome`, a sale its `ticketSize`. `outcome` applies to answered calls only; `ticketSize` and
 * `productName` to sales only (the server checks). A null or empty customer name unlinks the
 * customer; null or empty notes clear them.
 */
export const UpdateActivitySchema = z
  .strictObject(
    {
      userId: memberId,
      type: z
        .enum(BUILT_IN_ACTIVITY_TYPES, {
          error: 'Choose what it was: an answered call, a call not answered, a held meeting, a sale, an e-mail or a LinkedIn touch',
        })
        .optional(),
      outcome: CallOutcomeSchema.optional(),
      customerName,
      notes,
      ticketSize: ticketSize.optional(),
      productName,
      localDate,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Only the member, kind, outcome, customer, notes, sale value, product and day can be changed'
          : undefined,
    },
  )
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: 'Nothing to change' });
export type UpdateActivity = z.infer<typeof UpdateActivitySchema>;

export const ActivityIdParamsSchema = z.object({ id: z.uuid({ error: 'Not an activity id' }) });

export const MyActivitiesQuerySchema = z.object({
  period: z.enum(['today'], { error: "The period must be 'today'" }).default('today'),
  /** Another company-local day than today (a rep: within the late-logging window). */
  date: localDate,
});

export const ActivitySchema = z.object({
  id: text(),
  userId: text(),
  kind: ActivityKindSchema,
  type: StoredActivityTypeSchema,
  /** Calls only: whether it was answered; null for other kinds. */
  answered: z.boolean().nullable(),
  /** Calls only (a call not answered is no_progress); null for other kinds. */
  outcome: CallOutcomeSchema.nullable(),
  meetingBooked: z.boolean(),
  movedForward: z.boolean(),
  customerId: text().nullable(),
  /** The linked customer's current name (or the name stored with the activity). */
  customerName: text().nullable(),
  /** Sales only: the value in minor units of the company currency. */
  ticketSize: z.number().int().nullable(),
  productName: text().nullable(),
  notes: text().nullable(),
  /** The points the rules gave when it was logged (or last edited), bonus included. */
  pointsEarned: z.number().int(),
  /**
   * True on the call that earned the daily call bonus (at the company's number of calls, 20 by default), or on the
   * activity that carries its type's daily bonus: one of the company's own types, or a meeting, sale, e-mail or
   * LinkedIn touch whose kind has one (decision 115).
   */
  dailyBonus: z.boolean(),
  /** One of the company's own types (decision 100): which; null for a built-in kind. */
  typeId: text().nullable(),
  /** One of the company's own types: its outcome's id, when the type has outcomes. */
  outcomeId: text().nullable(),
  /** One of the company's own types: its field values by field id; null for a built-in kind. */
  fieldValues: z.record(text(), z.union([z.number(), z.boolean(), text()])).nullable(),
  /** The company-local day it belongs to, 'YYYY-MM-DD'. */
  localDate: text(),
  /** Logged for, or moved to, a day before the day it was written on (decision 041). */
  loggedLate: z.boolean(),
  createdAt: text(),
  updatedAt: text(),
});
export type Activity = z.infer<typeof ActivitySchema>;

export const MyActivitiesSchema = z.object({
  /** The company-local day listed. */
  date: text(),
  /** Newest first. */
  activities: z.array(ActivitySchema),
});
export type MyActivities = z.infer<typeof MyActivitiesSchema>;

/** What the log dialogs show: each outcome's current points and which kinds may be logged. */
export const ActivityLogOptionsSchema = z.object({
  outcomePoints: z.object({ no_progress: z.number().int(), moved_forward: z.number().int(), meeting_booked: z.number().int() }),
  /** Current points of one activity of each kind, before any daily bonus (sale: without ticket size). */
  kindPoints: z.object({
    call_unanswered: z.number().int(),
    meeting: z.number().int(),
    sale: z.number().int(),
    email: z.number().int(),
    linkedin: z.number().int(),
  }),
  /** Held meetings, e-mails and LinkedIn touches can be logged only while their rule is enabled. */
  enabledKinds: z.object({
    call: z.boolean(),
    sale: z.boolean(),
    meeting: z.boolean(),
    email: z.boolean(),
    linkedin: z.boolean(),
  }),
  /** A sale earns more with its value (sale_ticket_size enabled, multiplier above 0). */
  hasTicketSizePoints: z.boolean(),
  /** The company-local today, and how many days back the caller may log (0: today only; decision 041). */
  today: text(),
  lateLoggingDays: z.number().int(),
  /** Admins correct any day; the dialogs still offer the window's days. */
  canCorrectAnyDay: z.boolean(),
});
export type ActivityLogOptions = z.infer<typeof ActivityLogOptionsSchema>;

// ---- GET /api/v1/activities: the activity feed a BI tool syncs from (decision 035) ----------------

export const ACTIVITY_FEED_PAGE_DEFAULT = 100;
export const ACTIVITY_FEED_PAGE_MAX = 1000;
/**
 * How long the feed keeps deleted activities' tombstones (migration 0016 prunes older ones): a
 * cursor older than this may have missed a deletion, so it is answered 410 sync_expired.
 */
export const ACTIVITY_TOMBSTONE_RETENTION_DAYS = 90;

const feedDate = text().refine(isLocalDate, {
  message: `must be a calendar date as YYYY-MM-DD, in the years ${FIRST_LOCAL_YEAR}-${LAST_LOCAL_YEAR}`,
});

/** An instant with its offset; the years a change can have (1900-2999), like every date of ours. */
const feedInstant = z.iso
  .datetime({ offset: true, error: 'must be an ISO 8601 date and time with its offset, such as 2026-11-24T08:00:00Z' })
  .refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= FIRST_LOCAL_YEAR && year <= LAST_LOCAL_YEAR;
    },
    { message: `must be in the years ${FIRST_LOCAL_YEAR}-${LAST_LOCAL_YEAR}` },
  );

export const ActivityFeedQuerySchema = z
  .object({
    /** A member's user id. Reps may name only themselves (and see only their own without it). */
    member: text().trim().min(1).max(128).optional(),
    /** One stored type, or several (repeat the parameter: type=sale&type=meeting). */
    type: z.union([StoredActivityTypeSchema, z.array(StoredActivityTypeSchema).min(1).max(ACTIVITY_TYPE_VALUES.length)]).optional(),
    /** The company-local days (localDate) from and to, both included. */
    from: feedDate.optional(),
    to: feedDate.optional(),
    /** Only changes at or after this instant (updatedAt; deletedAt for deletions). */
    updatedSince: feedInstant.optional(),
    /** nextCursor of the page before (or of the last sync): only the changes after it. */
    cursor: text().min(1).max(200).optional(),
    limit: z.coerce
      .number({ message: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(ACTIVITY_FEED_PAGE_MAX, `limit must be at most ${ACTIVITY_FEED_PAGE_MAX}`)
      .optional()
      .default(ACTIVITY_FEED_PAGE_DEFAULT),
  })
  .superRefine((value, ctx) => {
    if (value.from !== undefined && value.to !== undefined && value.from > value.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
    }
  });
export type ActivityFeedQuery = z.infer<typeof ActivityFeedQuerySchema>;

/** An activity that was deleted (undone): a syncing client removes its copy. */
export const DeletedActivitySchema = z.object({
  id: text(),
  userId: text(),
  type: StoredActivityTypeSchema,
  localDate: text(),
  deletedAt: text(),
});
export type DeletedActivity = z.infer<typeof DeletedActivitySchema>;

export const ActivityFeedSchema = z.object({
  /** Created or changed activities, oldest change first, as they are now. */
  activities: z.array(ActivitySchema),
  /** Activities deleted since the cursor (or updatedSince), in the same order. An id is in one list at most. */
  deleted: z.array(DeletedActivitySchema),
  /**
   * Where this page ends: pass it as `cursor` for the next page, and keep the last one for the next
   * sync (never null; when nothing more is waiting it moves up to the moment the page was served to).
   */
  nextCursor: text(),
  /** More changes are waiting now: ask again with nextCursor at once. */
  hasMore: z.boolean(),
});
export type ActivityFeed = z.infer<typeof ActivityFeedSchema>;
