import { z } from 'zod';
import { text } from './common';
import { LeaderboardRowSchema, RankBySchema, ScoreboardPeriodSchema, ScoreboardTotalsSchema, TrendPointSchema } from './scoreboard';
import { DisplayFeedItemSchema } from './celebrations';
import { ContestStandingsSchema } from './contests';
import { TeamIdSchema } from './teams';
import { BoardWidgetSchema, KpiSeriesSchema } from './boards';
import { KpiSchema, KpiValuesSchema } from './kpis';

/*
 * TV playlists (decision 052): an admin lists the screens a wall rotates through, each shown for a
 * number of seconds, and points a display link at the playlist. A screen is a discriminated union on
 * `kind`; each kind has its own fields, its own signed-out read (GET /display/{token}/screens/{id})
 * and its own renderer on the TV (a registry keyed by kind). A new kind (a contest: its id) is one
 * more member of both unions, a reader and a renderer; nothing else changes shape.
 */

/** Seconds a screen stays on the wall: long enough to read a board, short enough to come round again. */
export const TV_SCREEN_SECONDS = { min: 5, max: 600, default: 20 } as const;
/** A playlist holds at most this many screens (a wall cycles through all of them every few minutes). */
export const TV_PLAYLIST_MAX_SCREENS = 20;

export const TV_SCREEN_KINDS = ['leaderboard', 'team', 'week', 'month', 'kpi', 'message', 'contest', 'feed', 'board'] as const;
export type TvScreenKind = (typeof TV_SCREEN_KINDS)[number];

/**
 * What a contest screen shows (decision 087): `contest`, the chosen contest's current round (a
 * weekly blitz moves on to next week's round by itself, no playlist edit); `running`, whatever
 * contest is running for the wall (its team's, on a team's link), none chosen.
 */
export const TV_CONTEST_FOLLOWS = ['contest', 'running'] as const;
export type TvContestFollow = (typeof TV_CONTEST_FOLLOWS)[number];

/** A screen's refusals against the company's data (the server checks them when a playlist is saved). */
export const TV_SCREEN_MESSAGES = {
  boardNotShown: 'Only a board of your company shared with a team or the company can be shown on a wall',
} as const;

/** The KPI screen's one number: today against yesterday (GET /scoreboard/kpis). */
export const TV_KPI_METRICS = ['calls', 'meetings', 'sales', 'revenue', 'points'] as const;
export const TvKpiMetricSchema = z.enum(TV_KPI_METRICS);
export type TvKpiMetric = z.infer<typeof TvKpiMetricSchema>;

const durationSeconds = z.coerce
  .number()
  .int('Whole seconds')
  .min(TV_SCREEN_SECONDS.min, `At least ${TV_SCREEN_SECONDS.min} seconds`)
  .max(TV_SCREEN_SECONDS.max, `At most ${TV_SCREEN_SECONDS.max} seconds`);

/** How a leaderboard-like screen ranks its people; points when absent. */
const rankShape = { rankBy: RankBySchema.optional() };

/** The union of screen kinds, with the screen's id as given (optional when saving, always stored). */
function buildScreenUnion<Id extends z.ZodType>(id: Id) {
  const base = { id, durationSeconds };
  return z.discriminatedUnion('kind', [
    /** Today's top 10 (the link's team's, on a team's link). */
    z.object({ kind: z.literal('leaderboard'), ...base, ...rankShape }).strict(),
    /** One team of the company: its board today. */
    z.object({ kind: z.literal('team'), ...base, ...rankShape, teamId: TeamIdSchema }).strict(),
    /** This week from Monday: totals and the top 10. */
    z.object({ kind: z.literal('week'), ...base, ...rankShape }).strict(),
    /** This month: the daily trend of points, the totals and the top 5. */
    z.object({ kind: z.literal('month'), ...base, ...rankShape }).strict(),
    /** One number, big: today against yesterday. */
    z.object({ kind: z.literal('kpi'), ...base, metric: TvKpiMetricSchema }).strict(),
    /** A message from the manager. */
    z
      .object({
        kind: z.literal('message'),
        ...base,
        title: text().trim().max(80, 'At most 80 characters').optional(),
        text: text().trim().min(1, 'Write the message').max(280, 'At most 280 characters'),
      })
      .strict(),
    /**
     * A contest's live standings (decision 049), with its target, time left and prizes; `follow`
     * (absent: `contest`) says which contest (decision 087), `contestId` is needed but for `running`.
     */
    z
      .object({
        kind: z.literal('contest'),
        ...base,
        follow: z.enum(TV_CONTEST_FOLLOWS, { message: 'Choose what the screen follows' }).optional(),
        contestId: z.uuid({ message: 'Not a contest id' }).optional(),
      })
      .strict()
      .refine((screen) => screen.follow === 'running' || screen.contestId !== undefined, {
        message: 'Choose a contest',
        path: ['contestId'],
      }),
    /** The floor's news as it happens: calls, sales, goals, badges, contests (decision 087). */
    z.object({ kind: z.literal('feed'), ...base }).strict(),
    /** A board of the company's, shared with a team or the company: its widgets as the app shows them (decision 102). */
    z.object({ kind: z.literal('board'), ...base, boardId: z.uuid({ message: 'Choose a board' }) }).strict(),
  ]);
}

/** A screen as an admin saves it: a screen sent back with its id keeps it (the TV keeps its place). */
export const TvScreenInputSchema = buildScreenUnion(z.uuid({ message: 'Not a screen id' }).optional());
export type TvScreenInput = z.infer<typeof TvScreenInputSchema>;

/** A stored screen: every screen has its id. */
export const TvScreenSchema = buildScreenUnion(text());
export type TvScreen = z.infer<typeof TvScreenSchema>;

export const SaveTvPlaylistSchema = z
  .object({
    name: text().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
    screens: z
      .array(TvScreenInputSchema)
      .min(1, 'Add at least one screen')
      .max(TV_PLAYLIST_MAX_SCREENS, `At most ${TV_PLAYLIST_MAX_SCREENS} screens`),
  })
  .strict();
export type SaveTvPlaylist = z.infer<typeof SaveTvPlaylistSchema>;

export const TvPlaylistSchema = z.object({
  id: text(),
  name: text(),
  screens: z.array(TvScreenSchema),
  createdAt: text(),
  updatedAt: text(),
});
export type TvPlaylist = z.infer<typeof TvPlaylistSchema>;

export const TvPlaylistListSchema = z.object({ playlists: z.array(TvPlaylistSchema) });
export type TvPlaylistList = z.infer<typeof TvPlaylistListSchema>;

export const TvPlaylistParamsSchema = z.object({ id: z.uuid({ message: 'Not a playlist id' }) });

/** PUT /display-links/{id}/playlist: what the link shows; null for today's leaderboard alone. */
export const SetDisplayLinkPlaylistSchema = z.object({ playlistId: z.uuid({ message: 'Not a playlist id' }).nullable() }).strict();
export type SetDisplayLinkPlaylist = z.infer<typeof SetDisplayLinkPlaylistSchema>;

// ---- what a display link's wall reads, signed out ---------------------------------------------------

/**
 * GET /display/{token}/playlist: the screens the wall rotates through, or null when the link shows
 * today's leaderboard alone. On a team's link, screens of another team are left out (a team's wall
 * never shows other teams' people).
 */
export const DisplayPlaylistSchema = z.object({
  playlist: z.object({ id: text(), name: text(), screens: z.array(TvScreenSchema) }).nullable(),
});
export type DisplayPlaylist = z.infer<typeof DisplayPlaylistSchema>;

export const DisplayScreenParamsSchema = z.object({
  token: text().min(1).max(200),
  screenId: z.uuid({ message: 'Not a screen id' }),
});

const TeamRefSchema = z.object({ id: text(), name: text() }).nullable();
const boardData = {
  period: ScoreboardPeriodSchema,
  /** Whose people: the link's team, the screen's team, or null for the whole company. */
  team: TeamRefSchema,
  rankBy: RankBySchema,
  rows: z.array(LeaderboardRowSchema),
};

/**
 * One widget's numbers on a wall's board screen, read by the server as the app's widget reads them:
 * `values` (and `before`, a number's previous period) a KPI's values; `series` a chart's days;
 * `feed` the wall's feed items; `contest` a contest's standings, null when it is gone.
 */
export const DisplayBoardReadingSchema = z.object({
  widgetId: text(),
  values: KpiValuesSchema.optional(),
  before: KpiValuesSchema.optional(),
  series: KpiSeriesSchema.optional(),
  feed: z.array(DisplayFeedItemSchema).optional(),
  contest: ContestStandingsSchema.nullable().optional(),
});
export type DisplayBoardReading = z.infer<typeof DisplayBoardReadingSchema>;

/** GET /display/{token}/screens/{screenId}: one screen's numbers now, by kind. */
export const DisplayScreenDataSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('leaderboard'), ...boardData }),
  z.object({ kind: z.literal('team'), ...boardData }),
  z.object({ kind: z.literal('week'), ...boardData, totals: ScoreboardTotalsSchema }),
  z.object({ kind: z.literal('month'), ...boardData, totals: ScoreboardTotalsSchema, trend: z.array(TrendPointSchema) }),
  z.object({
    kind: z.literal('kpi'),
    team: TeamRefSchema,
    metric: TvKpiMetricSchema,
    date: text(),
    today: z.number().int(),
    yesterday: z.number().int(),
    /** computePercentChange's label ('+12%', 'new', '0%'). */
    change: text(),
  }),
  z.object({ kind: z.literal('message'), title: text().nullable(), text: text() }),
  /** Null: the screen follows whatever is running, and nothing is (decision 087). */
  z.object({ kind: z.literal('contest'), standings: ContestStandingsSchema.nullable() }),
  /** The newest feed items, as the wall's celebrations read them (GET /display/{token}/feed). */
  z.object({ kind: z.literal('feed'), items: z.array(DisplayFeedItemSchema) }),
  /**
   * A board: its name and widgets, the KPIs they name, the company's today and currency, the team
   * whose people it shows when a widget names none (the link's team, else the board's, else null),
   * and each widget's numbers.
   */
  z.object({
    kind: z.literal('board'),
    team: TeamRefSchema,
    board: z.object({ id: text(), name: text(), widgets: z.array(BoardWidgetSchema) }),
    kpis: z.array(KpiSchema),
    today: text(),
    currency: text(),
    readings: z.array(DisplayBoardReadingSchema),
  }),
]);
export type DisplayScreenData = z.infer<typeof DisplayScreenDataSchema>;

/** The leaderboard-like screens show at most this many rows (the month: the top 5 beside its trend). */
export const DISPLAY_SCREEN_ROWS = { leaderboard: 10, team: 10, week: 10, month: 5, feed: 8 } as const;
