import { z } from 'zod';
import { text } from './common';

/*
 * Feed events (decision 048): what happened on the sales floor besides an activity, announced once
 * by the module that noticed it, in the transaction of the change. The dashboard's feed, the TV and
 * its celebrations read them, live: the live change of a feed event carries its kind.
 *
 * `data` holds ids and numbers, never a person's name: names are looked up when read, so an erased
 * member's tombstone applies to old events too.
 */

export const FEED_EVENT_KINDS = [
  /** A contest began (by its dates, or a recurring contest's next round). */
  'contest.started',
  /** A running contest has a new leader (a person or a team). */
  'contest.lead_changed',
  /** A contest ended; its winners are known. */
  'contest.finished',
  /** A member earned a badge. */
  'badge.earned',
  /** A member reached a daily goal. */
  'goal.reached',
  /** A record was broken (a personal best day, the team's best month). */
  'record.broken',
] as const;
export const FeedEventKindSchema = z.enum(FEED_EVENT_KINDS);
export type FeedEventKind = z.infer<typeof FeedEventKindSchema>;

/** One feed event as stored: each kind's owner documents the shape of its `data`. */
export const FeedEventSchema = z.object({
  id: text(),
  kind: FeedEventKindSchema,
  /** The member it is about, if one. */
  userId: text().nullable(),
  /** The team it is about, if one. */
  teamId: text().nullable(),
  /** What it is about (a contest's or a badge's id), if one. */
  subjectId: text().nullable(),
  data: z.record(text(), z.unknown()),
  /** When it happened, an ISO 8601 timestamp. */
  createdAt: text(),
});
export type FeedEvent = z.infer<typeof FeedEventSchema>;
