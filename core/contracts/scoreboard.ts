import { z } from 'zod';
import { OwnTypeLookSchema } from './activity-types';
import { diffDays, FIRST_LOCAL_YEAR, isLocalDate, LAST_LOCAL_YEAR, type LocalDate } from '../period';
import { LEADERBOARD_SORT_KEYS } from '../stats';
import { StoredActivityTypeSchema } from './activities';
import { RoleSchema, text } from './common';
import { RANK_BY } from './constants';
import { TeamIdSchema } from './teams';

/*
 * The team's scoreboard: dashboard KPIs, team stats, leaderboards, the live feed, the
 * weekly and monthly overviews and the company page. Every total is read from the daily rollups
 * in the company's time zone; conversion, change labels and averages come from core/stats.
 * Money (revenue) is in integer minor units of the company currency.
 */

const LocalDateParam = text().refine(isLocalDate, {
  message: `must be a calendar date as YYYY-MM-DD, in the years ${FIRST_LOCAL_YEAR}-${LAST_LOCAL_YEAR}`,
});

/** The local periods a scoreboard query can ask for; custom takes `from` and `to` (inclusive). */
export const SCOREBOARD_PERIODS = ['today', 'yesterday', 'week', 'month', 'custom'] as const;
export type ScoreboardPeriodKind = (typeof SCOREBOARD_PERIODS)[number];

/** The longest custom range, in days, both ends included. */
export const MAX_SCOREBOARD_RANGE_DAYS = 366;

/** ?teamId= on every board: only that team's members and their numbers (decision 040); another company's team is a 404. */
const teamShape = { teamId: TeamIdSchema.optional() };

const periodShape = {
  period: z.enum(SCOREBOARD_PERIODS).default('today'),
  from: LocalDateParam.optional(),
  to: LocalDateParam.optional(),
  ...teamShape,
};

/** ?teamId= alone (the dashboard's KPIs, the week, the company page). */
export const ScoreboardTeamQuerySchema = z.object(teamShape);
export type ScoreboardTeamQuery = z.infer<typeof ScoreboardTeamQuerySchema>;

function checkPeriodQuery(
  value: { period: ScoreboardPeriodKind; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.period !== 'custom') {
    if (value.from !== undefined || value.to !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'from and to are only allowed with period=custom' });
    }
    return;
  }
  if (value.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'required with period=custom' });
  if (value.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'required with period=custom' });
  if (value.from === undefined || value.to === undefined) return;
  if (!isLocalDate(value.from) || !isLocalDate(value.to)) return; // reported by the field itself
  const days = diffDays(value.from as LocalDate, value.to as LocalDate) + 1;
  if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  else if (days > MAX_SCOREBOARD_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: `the range may cover at most ${MAX_SCOREBOARD_RANGE_DAYS} days` });
  }
}

/** ?period=today|yesterday|week|month|custom&from=YYYY-MM-DD&to=YYYY-MM-DD (from/to only with custom). */
export const ScoreboardPeriodQuerySchema = z.object(periodShape).superRefine(checkPeriodQuery);
export type ScoreboardPeriodQuery = z.infer<typeof ScoreboardPeriodQuerySchema>;

const booleanParam = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * How a board ranks its people: by raw points (the default), by share of their own goal for the
 * period ("% of goal"), or by improvement on their own average ("most improved"), so a new rep or a
 * part-timer can lead. Chosen per board (the URL's `rankBy`) and per TV playlist screen.
 */
export { RANK_BY };
export const RankBySchema = z.enum(RANK_BY);
export type RankBy = z.infer<typeof RankBySchema>;

/** ?rankBy= on the boards that rank people; points (the default) keeps the order by the sort key exactly as before. */
const rankByShape = { rankBy: RankBySchema.default('points') };

/** ?teamId=&rankBy= (the week). */
export const WeeklyQuerySchema = z.object({ ...teamShape, ...rankByShape });
export type WeeklyQuery = z.infer<typeof WeeklyQuerySchema>;

/** Leaderboard: the period, plus the sort key (ties by calls then meetings), a row limit and activeOnly. */
export const LeaderboardQuerySchema = z
  .object({
    ...periodShape,
    sort: z.enum(LEADERBOARD_SORT_KEYS).default('points'),
    /** At most this many rows (the TV shows 10, Team Overview 5); all members when absent. */
    limit: z.coerce.number().int().min(1).max(500).optional(),
    /** Only members with at least one activity in the period (TV: 'No activity to display yet today'). */
    activeOnly: booleanParam,
    ...rankByShape,
  })
  .superRefine(checkPeriodQuery);
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

/** The local period an answer covers: whole local days [from, to] in `timezone`. */
export const ScoreboardPeriodSchema = z.object({
  kind: z.enum(SCOREBOARD_PERIODS),
  from: text(),
  to: text(),
  /** The company's local today when the answer was computed. */
  today: text(),
  timezone: text(),
});
export type ScoreboardPeriod = z.infer<typeof ScoreboardPeriodSchema>;

/** Totals over some rollup rows. calls = answered + unanswered; meetings = meetings booked. */
export const ScoreboardTotalsSchema = z.object({
  calls: z.number().int(),
  answered: z.number().int(),
  unanswered: z.number().int(),
  meetings: z.number().int(),
  sales: z.number().int(),
  /** Sale value in minor units of the company currency. */
  revenue: z.number().int(),
  points: z.number().int(),
  /** Every activity of any type; 0 means nothing was logged. */
  activities: z.number().int(),
  /** computeConversionRate(meetings, calls): a rounded percent, 0 with no calls. */
  conversion: z.number().int(),
});
export type ScoreboardTotals = z.infer<typeof ScoreboardTotalsSchema>;

export const MemberStatsSchema = ScoreboardTotalsSchema.extend({
  userId: text(),
  /** The profile's display name; null when none is set (the UI falls back to 'User ' + 8 id characters). */
  displayName: text().nullable(),
  /** The member's uploaded picture (our own /api/v1/avatars/{id} path, decision 023); null: initials. */
  avatarUrl: text().nullable(),
});
export type MemberStats = z.infer<typeof MemberStatsSchema>;

/** rankBy=goal_share: the period's number of the board's metric against the member's goal for the period (decision 053). */
export const GoalShareSchema = z.object({
  /** The whole period's goal in the metric's units; null: no goal ("no goal", ranked after those with one). */
  goal: z.number().nullable(),
  /** A manager's target for the metric and period, or the member's daily goal times the period's working days. */
  source: z.enum(['target', 'daily_goal']).nullable(),
  /** The number over the goal in basis points (13 400 = 134 %); null without a goal. */
  share: z.number().int().nullable(),
});
export type GoalShare = z.infer<typeof GoalShareSchema>;

/** rankBy=improved: the period's number against the member's own average of earlier equal periods (decision 053). */
export const ImprovementSchema = z.object({
  /** The average over the earlier periods in which the member logged anything, one decimal; null: no history. */
  baseline: z.number().nullable(),
  /** How many earlier periods the baseline averages. */
  periods: z.number().int(),
  /** The change on the baseline in basis points (+4 200 = +42 %); null without a baseline above 0. */
  change: z.number().int().nullable(),
});
export type Improvement = z.infer<typeof ImprovementSchema>;

export const LeaderboardRowSchema = MemberStatsSchema.extend({
  /**
   * 1-based position. Ranked by the sort key (rankBy=points) or by the measure; equal ones go to
   * the higher sort key, then more calls, then more meetings, then the name, then the id.
   */
  rank: z.number().int(),
  isCurrentUser: z.boolean(),
  /** Present with rankBy=goal_share. */
  goalShare: GoalShareSchema.optional(),
  /** Present with rankBy=improved. */
  improvement: ImprovementSchema.optional(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;

/** A metric today, yesterday, and the change label between them (computePercentChange). */
export const KpiComparisonSchema = z.object({
  today: z.number().int(),
  yesterday: z.number().int(),
  change: text().describe(
    "The change since yesterday: a signed, rounded percent ('+12%', '-5%', '+0%'), '0%' when both are 0, or 'new' when yesterday was 0.",
  ),
});
export type KpiComparison = z.infer<typeof KpiComparisonSchema>;

/** GET /scoreboard/kpis: the Team Dashboard's four cards (plus revenue). */
export const CompanyKpisSchema = z.object({
  date: text(),
  yesterdayDate: text(),
  timezone: text(),
  calls: KpiComparisonSchema,
  meetings: KpiComparisonSchema,
  sales: KpiComparisonSchema,
  points: KpiComparisonSchema,
  revenue: KpiComparisonSchema,
});
export type CompanyKpis = z.infer<typeof CompanyKpisSchema>;

/** GET /scoreboard/team-stats: every active member (zeros included), sorted by calls, then meetings. */
export const TeamStatsSchema = z.object({
  period: ScoreboardPeriodSchema,
  /** The whole company's totals for the period (activity of removed members included). */
  totals: ScoreboardTotalsSchema,
  /** Active members. */
  teamSize: z.number().int(),
  members: z.array(MemberStatsSchema),
});
export type TeamStats = z.infer<typeof TeamStatsSchema>;

/** GET /scoreboard/leaderboard. */
export const LeaderboardSchema = z.object({
  period: ScoreboardPeriodSchema,
  sort: z.enum(LEADERBOARD_SORT_KEYS),
  rankBy: RankBySchema,
  rows: z.array(LeaderboardRowSchema),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

export const RecentActivitiesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  /** Only activities logged in this local period (Team Overview: today); all history when absent. */
  period: z.enum(['today', 'yesterday', 'week', 'month']).optional(),
  ...teamShape,
});
export type RecentActivitiesQuery = z.infer<typeof RecentActivitiesQuerySchema>;

export const RecentActivitySchema = z.object({
  id: text(),
  userId: text(),
  displayName: text().nullable(),
  /** The person's data here was erased and they left (decision 022): name them "Former member". */
  formerMember: z.boolean(),
  type: StoredActivityTypeSchema,
  meetingBooked: z.boolean(),
  movedForward: z.boolean(),
  /** The linked customer's current name, else the name typed on the activity. */
  customerName: text().nullable(),
  points: z.number().int(),
  /** The part of points that is the daily call bonus (on the call that earned it; 0 on every other activity). */
  bonusPoints: z.number().int(),
  /** Sale value in minor units; null unless a sale. */
  ticketSize: z.number().int().nullable(),
  productName: text().nullable(),
  /**
   * What the activity was worth in money, in minor units: a sale's value, or the first amount of one
   * of the company's own types (its first money field with a value); null otherwise.
   */
  amount: z.number().int().nullable(),
  /** Full notes; the feed truncates them to 50 characters (truncateText). */
  notes: text().nullable(),
  /**
   * One of the company's own types (decision 100), or a built-in kind the company renamed (decision
   * 116): its names, look and the outcome's names; null for a built-in kind named by the app's words.
   */
  ownType: OwnTypeLookSchema.nullable(),
  createdAt: text(),
});
export type RecentActivity = z.infer<typeof RecentActivitySchema>;

/** GET /scoreboard/recent-activities: newest first. */
export const RecentActivitiesSchema = z.object({ activities: z.array(RecentActivitySchema) });
export type RecentActivities = z.infer<typeof RecentActivitiesSchema>;

/**
 * GET /scoreboard/weekly: this week from Monday. The 'Avg Conversion' card is totals.conversion
 * (the team's meetings over the team's calls, not an average of rates); members are ranked by points.
 */
export const WeeklyOverviewSchema = z.object({
  period: ScoreboardPeriodSchema,
  totals: ScoreboardTotalsSchema,
  teamSize: z.number().int(),
  /** How the members are ranked (points: by points). */
  rankBy: RankBySchema,
  members: z.array(LeaderboardRowSchema),
});
export type WeeklyOverview = z.infer<typeof WeeklyOverviewSchema>;

export const MonthlyQuerySchema = z.object({
  /** A calendar month as YYYY-MM; the current local month when absent. */
  month: text()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be a month as YYYY-MM')
    .refine((month) => isLocalDate(`${month}-01`), { message: `must be a month in the years ${FIRST_LOCAL_YEAR}-${LAST_LOCAL_YEAR}` })
    .optional(),
  ...teamShape,
  ...rankByShape,
});
export type MonthlyQuery = z.infer<typeof MonthlyQuerySchema>;

/** The caller's own month (Individual tab). Averages are per working day, rounded to 1 decimal. */
export const MonthlyIndividualSchema = ScoreboardTotalsSchema.extend({
  /** Distinct local days with activity this month, at least 1 (computeWorkingDays). */
  workingDays: z.number().int(),
  avgCallsPerDay: z.number(),
  avgPointsPerDay: z.number(),
});
export type MonthlyIndividual = z.infer<typeof MonthlyIndividualSchema>;

export const TrendPointSchema = z.object({ date: text(), points: z.number().int(), calls: z.number().int() });
export type TrendPoint = z.infer<typeof TrendPointSchema>;

/** GET /scoreboard/monthly. */
export const MonthlyOverviewSchema = z.object({
  period: ScoreboardPeriodSchema,
  individual: MonthlyIndividualSchema,
  company: z.object({
    totals: ScoreboardTotalsSchema,
    teamSize: z.number().int(),
    /** How the leaderboard is ranked (points: by points). */
    rankBy: RankBySchema,
    /** Active members ranked by points this month (or by rankBy). */
    leaderboard: z.array(LeaderboardRowSchema),
  }),
  /** Every day of the month, oldest first, the company's points and calls (zeros included). */
  trend: z.array(TrendPointSchema),
});
export type MonthlyOverview = z.infer<typeof MonthlyOverviewSchema>;

export const CompanyPageMemberSchema = z.object({
  userId: text(),
  displayName: text().nullable(),
  avatarUrl: text().nullable(),
  role: RoleSchema,
  joinedAt: text(),
});
export type CompanyPageMember = z.infer<typeof CompanyPageMemberSchema>;

/** GET /scoreboard/company: the Company page's header and member list (active members). */
export const CompanyPageSchema = z.object({
  company: z.object({ id: text(), name: text(), timezone: text(), createdAt: text() }),
  memberCount: z.number().int(),
  members: z.array(CompanyPageMemberSchema),
});
export type CompanyPage = z.infer<typeof CompanyPageSchema>;

/** One team's numbers for the period beside the others' (the company page's comparison, decision 040). */
export const TeamComparisonRowSchema = z.object({
  /** null: the members in no team. */
  teamId: text().nullable(),
  name: text().nullable(),
  /** Active members now in the team: the per-head divisor. */
  memberCount: z.number().int(),
  /** The team's totals (its removed members' numbers included, as the company's are). */
  totals: ScoreboardTotalsSchema,
  /** Totals per active member, one decimal (revenue: whole minor units). */
  perHead: z.object({
    calls: z.number(),
    meetings: z.number(),
    sales: z.number(),
    revenue: z.number().int(),
    points: z.number(),
  }),
});
export type TeamComparisonRow = z.infer<typeof TeamComparisonRowSchema>;

export const TeamComparisonSchema = z.object({
  period: ScoreboardPeriodSchema,
  /** Every team by name, then (when anyone is in no team) a row for them. */
  teams: z.array(TeamComparisonRowSchema),
});
export type TeamComparison = z.infer<typeof TeamComparisonSchema>;
