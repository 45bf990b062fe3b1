import { z } from 'zod';
import { isSingleLine, text } from './common';
import { isLocalDate } from '../period/local-date';

/*
 * Boards (decisions 100 and 102): a grid of widgets a company builds from its KPIs. A board is
 * private to the person who made it, shared with a team, or shared with the company. Each widget
 * reads one KPI (a built-in key or a company KPI's id) over its own period and team.
 */

export const BOARDS_PER_COMPANY_MAX = 100;
export const BOARD_WIDGETS_MAX = 12;
export const BOARD_NAME_MAX = 60;

export const BOARD_WIDGET_KINDS = ['number', 'leaderboard', 'chart', 'gauge', 'teams', 'contest', 'feed'] as const;
export type BoardWidgetKind = (typeof BOARD_WIDGET_KINDS)[number];

/** A widget's period: today, this week (from Monday) or this month, up to today in the company's calendar. */
export const BOARD_PERIODS = ['today', 'week', 'month'] as const;
export type BoardPeriod = (typeof BOARD_PERIODS)[number];

/** How wide a widget is on a desktop: a third, half or the whole row (a phone shows one column). */
export const BOARD_WIDGET_SIZES = ['small', 'medium', 'large'] as const;
export type BoardWidgetSize = (typeof BOARD_WIDGET_SIZES)[number];

export const BOARD_SHARING = ['private', 'team', 'company'] as const;
export type BoardSharing = (typeof BOARD_SHARING)[number];

/** The boards a new one can start from (core/boards/templates.ts holds their widgets). */
export const BOARD_TEMPLATES = ['floor', 'sdr', 'field_sales', 'account_management', 'blank'] as const;
export type BoardTemplate = (typeof BOARD_TEMPLATES)[number];

const kpiRef = text({ error: 'Choose a KPI' }).min(1, 'Choose a KPI').max(60);
const widgetId = text().regex(/^[a-z0-9-]{1,40}$/, 'must be an id of letters, digits and -');
const period = z.enum(BOARD_PERIODS, { error: 'Choose today, this week or this month' });
const size = z.enum(BOARD_WIDGET_SIZES, { error: 'Choose small, medium or large' });
/** A widget's own team; null: the board's people (the team it is shared with, else everyone). */
const teamId = z.uuid({ error: 'Not a team id' }).nullable().default(null);
const base = { id: widgetId.optional(), size: size.default('medium'), period: period.default('week'), teamId };

export const BoardWidgetSchema = z.discriminatedUnion(
  'kind',
  [
    /** One KPI's figure, with its change on the previous equal period. */
    z.strictObject({ kind: z.literal('number'), ...base, kpiId: kpiRef }),
    /** Everyone ranked by one KPI: the top 5 or 10. */
    z.strictObject({ kind: z.literal('leaderboard'), ...base, kpiId: kpiRef, rows: z.union([z.literal(5), z.literal(10)]).default(5) }),
    /** One KPI day by day over the period, as bars or a line. */
    z.strictObject({
      kind: z.literal('chart'),
      ...base,
      kpiId: kpiRef,
      style: z.enum(['bar', 'line'], { error: 'Choose bars or a line' }).default('bar'),
    }),
    /** One KPI against a goal the widget sets. */
    z.strictObject({
      kind: z.literal('gauge'),
      ...base,
      kpiId: kpiRef,
      goal: z.number({ error: 'The goal must be a number' }).positive('The goal must be more than 0').max(1e12, 'The goal is too large'),
    }),
    /** The company's teams side by side on one KPI (each team's members' figure together). */
    z.strictObject({ kind: z.literal('teams'), ...base, kpiId: kpiRef }),
    /** A contest's standings: the top 5 or 10 (its own days; the widget's period and team play no part). */
    z.strictObject({
      kind: z.literal('contest'),
      ...base,
      contestId: z.uuid({ error: 'Choose a contest' }),
      rows: z.union([z.literal(5), z.literal(10)]).default(5),
    }),
    /** The latest activities. */
    z.strictObject({ kind: z.literal('feed'), ...base }),
  ],
  { error: 'Choose a widget: a number, a leaderboard, a chart, a gauge, a team comparison, a contest or the feed' },
);
export type BoardWidgetInput = z.input<typeof BoardWidgetSchema>;

/** A widget's refusals against the company's data (the server checks them when a board is saved). */
export const BOARD_WIDGET_MESSAGES = {
  contestGone: 'No such contest in your company',
} as const;
export type BoardWidget = z.output<typeof BoardWidgetSchema> & { id: string };

const NAME_MESSAGE = `A name can be at most ${BOARD_NAME_MAX} characters, on one line`;

const boardShape = {
  name: text({ error: 'Give the board a name' })
    .trim()
    .min(1, 'Give the board a name')
    .max(BOARD_NAME_MAX, NAME_MESSAGE)
    .refine(isSingleLine, { message: NAME_MESSAGE }),
  sharing: z.enum(BOARD_SHARING, { error: 'Choose who sees it: you, a team or the company' }),
  /** The team it is shared with (sharing "team" only). */
  teamId: z.uuid({ error: 'Not a team id' }).nullable().default(null),
  widgets: z.array(BoardWidgetSchema).max(BOARD_WIDGETS_MAX, `A board can have at most ${BOARD_WIDGETS_MAX} widgets`),
};

function checkSharing(input: { sharing: BoardSharing; teamId: string | null }, ctx: z.RefinementCtx) {
  if (input.sharing === 'team' && !input.teamId)
    ctx.addIssue({ code: 'custom', path: ['teamId'], message: 'Choose the team to share it with' });
  if (input.sharing !== 'team' && input.teamId)
    ctx.addIssue({ code: 'custom', path: ['teamId'], message: 'Only a board shared with a team names one' });
}

/** A board's name, sharing and widgets, all of them (PUT /boards/{id} replaces them). */
export const BoardInputSchema = z.strictObject(boardShape).superRefine(checkSharing);
export type BoardInput = z.input<typeof BoardInputSchema>;
export type BoardDefinition = z.output<typeof BoardInputSchema>;

/**
 * A new board (POST /boards): its widgets, or a template whose widgets the server lays out as the
 * company can have them (a template's own types read by KPIs over them, made where missing when an
 * admin makes the board).
 */
export const NewBoardInputSchema = z
  .strictObject({
    ...boardShape,
    widgets: boardShape.widgets.default([]),
    template: z.enum(BOARD_TEMPLATES, { error: 'Choose a template' }).optional(),
  })
  .superRefine((input, ctx) => {
    checkSharing(input, ctx);
    if (input.template && input.widgets.length > 0)
      ctx.addIssue({ code: 'custom', path: ['template'], message: 'A board starts from a template or from its widgets, not both' });
  });
export type NewBoardInput = z.input<typeof NewBoardInputSchema>;
export type NewBoardDefinition = z.output<typeof NewBoardInputSchema>;

export const BoardSchema = z.object({
  id: text(),
  name: text(),
  sharing: z.enum(BOARD_SHARING),
  teamId: text().nullable(),
  ownerId: text(),
  /** Each with its id (given on saving when new). */
  widgets: z.array(BoardWidgetSchema),
  /** Whether the viewer may change it: its owner, an admin, or (shared with a team) that team's lead. */
  canEdit: z.boolean(),
  /** Whether the viewer opens the app on it instead of the dashboard. */
  isHome: z.boolean(),
  createdAt: text(),
  updatedAt: text(),
});
export type Board = Omit<z.infer<typeof BoardSchema>, 'widgets'> & { widgets: BoardWidget[] };

export const BoardListSchema = z.object({
  boards: z.array(BoardSchema),
  /** The board the viewer opens the app on (one they may see), or null: the dashboard. */
  homeBoardId: text().nullable(),
});
export type BoardList = { boards: Board[]; homeBoardId: string | null };

export const BoardParamsSchema = z.object({ id: z.uuid({ error: 'Not a board id' }) });

// ---- a KPI day by day (the chart widget) -------------------------------------------------------

const day = text().refine(isLocalDate, { message: 'Enter a date as YYYY-MM-DD' });

export const KpiSeriesQuerySchema = z.object({
  id: kpiRef,
  from: day,
  to: day,
  teamId: z.uuid({ error: 'Not a team id' }).optional(),
});
export type KpiSeriesQuery = z.infer<typeof KpiSeriesQuerySchema>;

export const KpiSeriesSchema = z.object({
  id: text(),
  /** Every day from..to, in order; a day without activity is 0 for a count or sum, null where there is no value. */
  days: z.array(z.object({ day: text(), value: z.number().nullable() })),
});
export type KpiSeries = z.infer<typeof KpiSeriesSchema>;
