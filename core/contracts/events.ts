import { z } from 'zod';
import { text } from './common';

/*
 * The live event streams (Server-Sent Events): GET /api/v1/events for members and
 * GET /api/v1/display/{token}/events for a display link's wall screen. Decision 020.
 */

/**
 * Streams one person may hold open at once on one server instance: a few tabs in a browser or
 * two, a phone, and a TV signed in as them. (Browsers on HTTP/1.1 allow only six connections per
 * site across all tabs, so one browser rarely holds more than five.) The eleventh closes the oldest.
 */
export const MEMBER_STREAM_LIMIT = 10;

/**
 * Screens one display link may feed at once on one server instance: the TVs around an office
 * (lobby, sales floor, kitchen, a spare). Larger offices make one link per screen, which also lets
 * an admin revoke one screen alone. The eleventh closes the oldest.
 */
export const DISPLAY_LINK_STREAM_LIMIT = 10;

/** What the browser sends when opening a stream (see `client`). */
export const EventStreamQuerySchema = z.object({
  /**
   * A random id the page picks once and keeps for every reconnect of this stream. A stream that
   * arrives with the id of one still open replaces it: that older one is this page's own, left
   * half-open by a network drop, and must not push one of the person's other tabs out.
   */
  client: text()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'client must be 8 to 64 letters, digits, "-" or "_"')
    .optional()
    .describe(
      "A random id the page keeps for every reconnect of this stream: a stream opened with the id of one still open replaces that one (the page's own, left half-open by a network drop) instead of another tab's",
    ),
});
export type EventStreamQuery = z.infer<typeof EventStreamQuerySchema>;

/**
 * The tables whose committed changes stream to a company's viewers: what the database's NOTIFY
 * triggers announce with the company (server/db/migrations: activities and wrapups 0001, display
 * links 0004, profiles 0006, goals and KPI rules 0008, the company itself 0013, wrap-up comments 0025,
 * teams, team leads and targets 0027, feed events 0028, TV playlists 0031, reactions and celebration settings 0032,
 * a company's own badges 0062).
 */
export const LIVE_TABLES = [
  'activities',
  'wrapups',
  'display_links',
  'profiles',
  'goals',
  'kpi_rules',
  'companies',
  'wrapup_comments',
  'teams',
  'team_leads',
  'targets',
  'feed_events',
  'tv_playlists',
  'feed_reactions',
  'celebration_settings',
  'activity_types',
  'kpis',
  'boards',
  'company_badges',
] as const;
export const LiveTableSchema = z.enum(LIVE_TABLES);
export type LiveTable = z.infer<typeof LiveTableSchema>;

/**
 * The data of a 'change' event: one committed change in the viewer's company. The one description
 * of it: the hub publishes this type (server/realtime/hub.ts) and the browser parses what arrives
 * with this schema (web/lib/realtime.ts), ignoring anything that does not match.
 */
export const LiveChangeSchema = z.object({
  table: LiveTableSchema,
  op: z.enum(['INSERT', 'UPDATE', 'DELETE']),
  /** The changed row's id (for profiles, goals and team leads: the member's user id). */
  id: text(),
  /** Whose row it is, when it belongs to one member. */
  userId: text().nullable(),
  /**
   * Activities only: what was logged, whether a call booked a meeting, and whether the company
   * celebrates it (a new sale at or above its minimum, or a booked meeting, if switched on; one of
   * its own types as the type says, decision 105: decided by the database, decision 051, so a wall
   * screen never learns a sale's value).
   */
  activity: z.object({ type: text(), meetingBooked: z.boolean(), celebrate: z.boolean().optional() }).optional(),
  /**
   * Feed events only: what happened (a FeedEventKind; text, so a screen older than a new kind
   * ignores it rather than rejecting the change).
   */
  feed: z.object({ kind: text() }).optional(),
});
export type LiveChange = z.infer<typeof LiveChangeSchema>;

/** The data of a 'replaced' event: this stream was closed for a newer one and must not reconnect. */
export const StreamReplacedSchema = z.object({
  /** 'limit': the viewer opened more streams than the limit allows; 'same_client': this page reconnected. */
  reason: z.enum(['limit', 'same_client']),
  /** The limit that applies to this stream. */
  limit: z.number().int(),
});
export type StreamReplaced = z.infer<typeof StreamReplacedSchema>;
