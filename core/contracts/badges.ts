import { z } from 'zod';
import { text } from './common';
import { BADGE_KINDS } from './constants';

/*
 * Badges (decision 050): facts a member earns by a rule, stored once per member, badge and
 * occasion, in the transaction of the write that earned them. Admins switch each kind off or on.
 */

export { BADGE_KINDS };
export const BadgeKindSchema = z.enum(BADGE_KINDS, { error: 'Not a badge' });
export type BadgeKind = z.infer<typeof BadgeKindSchema>;

/** The badges that are records: earning one also writes a `record.broken` feed event. */
export const RECORD_BADGE_KINDS: readonly BadgeKind[] = ['personal_best_day', 'team_best_month'];

/** Working days in a row of meeting the daily goal that earn the streak badge. */
export const GOAL_STREAK_DAYS = 5;
/** Sales that earn the tenth-sale badge. */
export const TENTH_SALE_COUNT = 10;
/** Calls in one ISO week that earn the weekly calls badge. */
export const WEEKLY_CALLS_COUNT = 100;
/** Earlier days with points a member needs before a day can be their personal best. */
export const PERSONAL_BEST_MIN_DAYS = 5;
/** The leaderboard rows and the TV show the badges earned in this many days. */
export const RECENT_BADGE_DAYS = 30;

/**
 * A badge's numbers (never a name), by kind; also the `data` of its `badge.earned` and
 * `record.broken` feed events, with `badge` (the kind) and `badgeId`:
 *   first_sale, tenth_sale: { sales }            (the member's sales ever when earned)
 *   hundred_calls_week:     { calls, week }      (calls in the ISO week so far, 'YYYY-Www')
 *   personal_best_day:      { points, previousBest }
 *   team_best_month:        { points, previousBest, month, teamId }  (month 'YYYY-MM'; teamId null: the members in no team)
 *   goal_streak:            { days, from }       (working days in the streak, its first day)
 *   contest_winner:         { contestId }
 */
export const BadgeDataSchema = z.record(text(), z.union([z.number(), text(), z.null()]));

export const BadgeSchema = z.object({
  id: text(),
  userId: text(),
  kind: BadgeKindSchema,
  /** What it was earned for, unique per member and kind: '' (once ever), an ISO week, a day, a month, a contest id. */
  occasion: text(),
  /** The company-local day it was earned on (the day of the write that earned it). */
  localDate: text(),
  data: BadgeDataSchema,
  /** When it was earned, an ISO 8601 timestamp. */
  earnedAt: text(),
});
export type Badge = z.infer<typeof BadgeSchema>;

/** GET /badges/members/{userId}: a member's badges, newest first. */
export const MemberBadgesSchema = z.object({ badges: z.array(BadgeSchema) });
export type MemberBadges = z.infer<typeof MemberBadgesSchema>;

/** One member's recent badges for a board row: each kind once, newest first, with how many. */
export const BadgeSummarySchema = z.object({
  userId: text(),
  badges: z.array(z.object({ kind: BadgeKindSchema, count: z.number().int(), lastEarnedAt: text() })),
});
export type BadgeSummary = z.infer<typeof BadgeSummarySchema>;

/** GET /badges/recent: who earned what in the last RECENT_BADGE_DAYS days. */
export const RecentBadgesSchema = z.object({ members: z.array(BadgeSummarySchema) });
export type RecentBadges = z.infer<typeof RecentBadgesSchema>;

/** GET /badges/settings: every badge with whether it is awarded. */
export const BadgeSettingsSchema = z.object({
  badges: z.array(z.object({ kind: BadgeKindSchema, enabled: z.boolean() })),
});
export type BadgeSettings = z.infer<typeof BadgeSettingsSchema>;

export const BadgeKindParamsSchema = z.object({ kind: BadgeKindSchema });

/** PUT /badges/settings/{kind} (admin). */
export const UpdateBadgeSettingSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type UpdateBadgeSetting = z.infer<typeof UpdateBadgeSettingSchema>;

export const BadgeMemberParamsSchema = z.object({ userId: text().trim().min(1).max(128) });
