import { z } from 'zod';
import { diffDays, FIRST_LOCAL_YEAR, isLocalDate, LAST_LOCAL_YEAR, type LocalDate } from '../period';
import { LEADERBOARD_SORT_KEYS } from '../stats';
import { LanguageSchema, text } from './common';
import { RankBySchema, SCOREBOARD_PERIODS, type ScoreboardPeriodKind } from './scoreboard';
import { TeamIdSchema } from './teams';

/*
 * Exports: the company's numbers as a CSV or XLSX file (GET /api/v1/exports/...). The answer is
 * the file itself, streamed; refusals are JSON in the one error shape. Decision 034.
 */

export const EXPORT_KINDS = ['activities', 'leaderboard', 'wrapups', 'goals', 'members', 'kpis'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** `semicolon` is what Excel set to Norwegian (and most of Europe) opens by double-click; its decimals are then commas. */
export const CSV_SEPARATORS = ['comma', 'semicolon'] as const;
export type CsvSeparator = (typeof CSV_SEPARATORS)[number];

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const LocalDateParam = text().refine(isLocalDate, {
  message: `must be a calendar date as YYYY-MM-DD, in the years ${FIRST_LOCAL_YEAR}-${LAST_LOCAL_YEAR}`,
});

/** A person's user id (better-auth's, opaque). */
const MemberParam = text().trim().min(1, 'must be a member id').max(100, 'must be a member id');

const fileShape = {
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /** CSV only (ignored for XLSX). */
  separator: z.enum(CSV_SEPARATORS).default('comma'),
  /** Headers and the names of types and outcomes; default: the member's saved language, else the screen's, else the browser's. */
  language: LanguageSchema.optional(),
};

/**
 * A period as the scoreboards take it, and, for an export's "any range", `from` and `to` alone:
 * no period with from/to means custom; no period and no dates means today.
 */
const periodShape = {
  period: z.enum(SCOREBOARD_PERIODS).optional(),
  from: LocalDateParam.optional(),
  to: LocalDateParam.optional(),
};

/** Members act on their own rows: a rep may name only themself (403 otherwise), an admin anyone of the company. */
const memberShape = { member: MemberParam.optional() };

type PeriodInput = { period?: ScoreboardPeriodKind | undefined; from?: string | undefined; to?: string | undefined };

/** The period an export query names (period, or from/to alone: custom; neither: today). */
export function resolveExportPeriod(query: PeriodInput): ScoreboardPeriodKind {
  return query.period ?? (query.from !== undefined || query.to !== undefined ? 'custom' : 'today');
}

function checkExportPeriod(value: PeriodInput, ctx: z.RefinementCtx): void {
  const period = resolveExportPeriod(value);
  if (period !== 'custom') {
    if (value.from !== undefined || value.to !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'from and to are only allowed with period=custom (or alone)' });
    }
    return;
  }
  if (value.from === undefined) ctx.addIssue({ code: 'custom', path: ['from'], message: 'required with a custom range' });
  if (value.to === undefined) ctx.addIssue({ code: 'custom', path: ['to'], message: 'required with a custom range' });
  if (value.from === undefined || value.to === undefined) return;
  if (!isLocalDate(value.from) || !isLocalDate(value.to)) return; // reported by the field itself
  // No upper bound on the length: an export streams, whatever the range (docs/performance.md, Exports).
  if (diffDays(value.from as LocalDate, value.to as LocalDate) < 0) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be on or after from' });
  }
}

/** GET /exports/activities and /exports/wrapups. */
export const PeriodExportQuerySchema = z.object({ ...fileShape, ...periodShape, ...memberShape }).superRefine(checkExportPeriod);
export type PeriodExportQuery = z.infer<typeof PeriodExportQuerySchema>;

/**
 * GET /exports/leaderboard: the scoreboard's leaderboard (every member sees it) as the screen shows
 * it: sorted, ranked (rankBy, decision 053) and filtered to a team (teamId, decision 040) as asked.
 */
export const LeaderboardExportQuerySchema = z
  .object({
    ...fileShape,
    ...periodShape,
    ...memberShape,
    sort: z.enum(LEADERBOARD_SORT_KEYS).default('points'),
    teamId: TeamIdSchema.optional(),
    rankBy: RankBySchema.default('points'),
  })
  .superRefine(checkExportPeriod);
export type LeaderboardExportQuery = z.infer<typeof LeaderboardExportQuerySchema>;

/**
 * GET /exports/kpis: the KPI board (every member sees it, decision 101): each member's value of
 * every KPI over the period, and everyone's together, filtered to a team as asked.
 */
export const KpisExportQuerySchema = z
  .object({ ...fileShape, ...periodShape, ...memberShape, teamId: TeamIdSchema.optional() })
  .superRefine(checkExportPeriod);
export type KpisExportQuery = z.infer<typeof KpisExportQuerySchema>;

/** GET /exports/goals: each member's daily goals now (goals have no history). */
export const GoalsExportQuerySchema = z.object({ ...fileShape, ...memberShape });
export type GoalsExportQuery = z.infer<typeof GoalsExportQuerySchema>;

/** GET /exports/members: the Team page's list. */
export const MembersExportQuerySchema = z.object(fileShape);
export type MembersExportQuery = z.infer<typeof MembersExportQuerySchema>;
