import { z } from 'zod';
import { ACTIVITY_TYPE_COLOURS, ACTIVITY_TYPE_ICONS, LocalizedNamesSchema } from './activity-types';
import { text } from './common';
import { BADGE_KINDS } from './constants';

/*
 * Badges (decision 050): facts a member earns by a rule, stored once per member, badge and
 * occasion, in the transaction of the write that earned them. Admins switch each kind off or on.
 */

export { BADGE_KINDS };
export const BadgeKindSchema = z.enum(BADGE_KINDS, { error: 'Not a badge' });
export type BadgeKind = z.infer<typeof BadgeKindSchema>;

/** The badges an admin switches on and off in the settings: every built-in one (a company's own has its own switch). */
export const SWITCHABLE_BADGE_KINDS = BADGE_KINDS.filter((kind) => kind !== 'company');

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

/** A company's own badge as it is drawn: its names, and an icon and colour from the activity types' sets (decision 107). */
export const CompanyBadgeLookSchema = z.object({
  names: LocalizedNamesSchema,
  icon: z.enum(ACTIVITY_TYPE_ICONS),
  colour: z.enum(ACTIVITY_TYPE_COLOURS),
});
export type CompanyBadgeLook = z.infer<typeof CompanyBadgeLookSchema>;

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
  /** A company's own badge (`company`): how it looks now (its definition's); absent for the built-in kinds. */
  look: CompanyBadgeLookSchema.optional(),
});
export type Badge = z.infer<typeof BadgeSchema>;

/** GET /badges/members/{userId}: a member's badges, newest first. */
export const MemberBadgesSchema = z.object({ badges: z.array(BadgeSchema) });
export type MemberBadges = z.infer<typeof MemberBadgesSchema>;

/** One member's recent badges for a board row: each kind once, newest first, with how many. */
export const BadgeSummarySchema = z.object({
  userId: text(),
  badges: z.array(
    z.object({
      kind: BadgeKindSchema,
      count: z.number().int(),
      lastEarnedAt: text(),
      /** A company's own badge (`company`): which one, and how it looks; each is summed up on its own. */
      companyBadgeId: text().optional(),
      look: CompanyBadgeLookSchema.optional(),
    }),
  ),
});
export type BadgeSummary = z.infer<typeof BadgeSummarySchema>;

/** GET /badges/recent: who earned what in the last RECENT_BADGE_DAYS days. */
export const RecentBadgesSchema = z.object({ members: z.array(BadgeSummarySchema) });
export type RecentBadges = z.infer<typeof RecentBadgesSchema>;

/** GET /badges/settings: every badge with whether it is awarded. */
export const BadgeSettingsSchema = z.object({
  badges: z.array(z.object({ kind: z.enum(SWITCHABLE_BADGE_KINDS), enabled: z.boolean() })),
});
export type BadgeSettings = z.infer<typeof BadgeSettingsSchema>;

/** A company's own badge is switched on its own (PUT /badges/company/{id}), not here. */
export const BadgeKindParamsSchema = z.object({ kind: z.enum(SWITCHABLE_BADGE_KINDS, { error: 'Not a badge' }) });

/** PUT /badges/settings/{kind} (admin). */
export const UpdateBadgeSettingSchema = z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) });
export type UpdateBadgeSetting = z.infer<typeof UpdateBadgeSettingSchema>;

export const BadgeMemberParamsSchema = z.object({ userId: text().trim().min(1).max(128) });

/**
 * The periods a company's own badge is earned in: once per member, badge and period (decision 107);
 * `ever`, once per member for good (a milestone: the first demo booked, the 100th sale).
 */
export const COMPANY_BADGE_PERIODS = ['day', 'week', 'month', 'ever'] as const;
export type CompanyBadgePeriod = (typeof COMPANY_BADGE_PERIODS)[number];
/** A company's own badges switched on (those switched off are not counted). */
export const COMPANY_BADGES_MAX = 30;
/** Large enough for a month's sales value in minor units, as a target's. */
export const COMPANY_BADGE_THRESHOLD_MAX = 1_000_000_000_000;

/**
 * POST /badges/company, PUT /badges/company/{id} (admin): a badge earned by a member whose KPI
 * reaches `threshold` within one day, ISO week or month of the company's (decision 107). The KPI is
 * a count or a sum where higher is better, built in or the company's.
 */
export const CompanyBadgeInputSchema = z.strictObject({
  ...CompanyBadgeLookSchema.shape,
  kpiId: text({ error: 'Choose a KPI' }).trim().min(1, 'Choose a KPI').max(100, 'Choose a KPI'),
  /** Whole units; a KPI written as money in minor units of the company currency. */
  threshold: z
    .number({ error: 'The number to reach must be a whole number' })
    .int('The number to reach must be a whole number')
    .min(1, 'The number to reach must be at least 1')
    .max(COMPANY_BADGE_THRESHOLD_MAX, 'The number to reach is too large'),
  period: z.enum(COMPANY_BADGE_PERIODS, { error: 'Choose a day, a week, a month or a milestone' }),
  /** Switched off, it is not awarded from then on; the badges earned stay. Left out: on for a new one, as it was for a change. */
  enabled: z.boolean({ error: 'Say whether it is awarded' }).optional(),
});
export type CompanyBadgeInput = z.input<typeof CompanyBadgeInputSchema>;
export type CompanyBadgeDefinition = z.output<typeof CompanyBadgeInputSchema>;

export const CompanyBadgeSchema = CompanyBadgeInputSchema.extend({
  enabled: z.boolean(),
  id: text(),
  createdAt: text(),
  updatedAt: text(),
});
export type CompanyBadge = z.infer<typeof CompanyBadgeSchema>;

/** GET /badges/company: the company's own badges, in the order they were made (any member). */
export const CompanyBadgeListSchema = z.object({ badges: z.array(CompanyBadgeSchema) });
export type CompanyBadgeList = z.infer<typeof CompanyBadgeListSchema>;

export const CompanyBadgeParamsSchema = z.object({ id: z.uuid({ error: 'Not a badge of your company' }) });
