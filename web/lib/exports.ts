import type { ExportKind, Language, RankBy } from '@core/contracts';
import { LANGUAGES, matchLanguage } from '@core/language';
import type { LeaderboardSortKey } from '@core/stats';
import i18next from 'i18next';
import { type ApiFile, type ApiPath, type ApiQuery, fetchApiFile } from './api';

/*
 * Exports (decision 034): GET /api/v1/exports/{kind} answers a file. Every Export menu and the
 * Settings page build their query here and download it the one way, the typed client's file
 * download (a Blob), so a refusal (403, 429 too_many_exports) reaches the screen as an error to
 * show, never as a tab with the error's JSON in it.
 */

/** What the file is for: CSV with commas, CSV with semicolons (Excel set to Norwegian), or a workbook. */
export type ExportChoice = 'csv' | 'csv-semicolon' | 'xlsx';
export const EXPORT_CHOICES: readonly ExportChoice[] = ['csv', 'csv-semicolon', 'xlsx'];

/** A period as the scoreboards name it, or any range of local days (both included). */
export type ExportPeriod = { period: 'today' | 'yesterday' | 'week' | 'month' } | { from: string; to: string };

export type ExportRequest = {
  kind: ExportKind;
  /** Not for goals and members, which have no period. */
  period?: ExportPeriod;
  /** One member's rows (a rep may name only themself). */
  member?: string;
  /** The leaderboard's order, as the screen sorts it. */
  sort?: LeaderboardSortKey;
  /** The leaderboard's or the KPI board's team, as the screen filters it (decision 040). */
  teamId?: string;
  /** The leaderboard's ranking, as the screen ranks it (decision 053); points when absent. */
  rankBy?: RankBy;
  choice: ExportChoice;
  /** The headers' and names' language; the screen's by default. */
  language?: Language;
};

/** The query of one export: period=month&format=xlsx&language=en, as the endpoint of its kind takes it. */
export function buildExportQuery(request: ExportRequest): Record<string, string> {
  const query: Record<string, string> = {};
  const hasPeriod = request.kind !== 'goals' && request.kind !== 'members';
  if (hasPeriod && request.period) {
    if ('period' in request.period) query.period = request.period.period;
    else {
      query.from = request.period.from;
      query.to = request.period.to;
    }
  }
  if (request.member && request.kind !== 'members') query.member = request.member;
  if (request.kind === 'kpis' && request.teamId) query.teamId = request.teamId;
  if (request.kind === 'leaderboard') {
    if (request.sort) query.sort = request.sort;
    if (request.teamId) query.teamId = request.teamId;
    if (request.rankBy && request.rankBy !== 'points') query.rankBy = request.rankBy;
  }
  query.format = request.choice === 'xlsx' ? 'xlsx' : 'csv';
  if (request.choice === 'csv-semicolon') query.separator = 'semicolon';
  query.language = request.language ?? matchLanguage(i18next.language, LANGUAGES) ?? 'en';
  return query;
}

const EXPORT_PATHS = {
  activities: '/api/v1/exports/activities',
  leaderboard: '/api/v1/exports/leaderboard',
  wrapups: '/api/v1/exports/wrapups',
  goals: '/api/v1/exports/goals',
  members: '/api/v1/exports/members',
  kpis: '/api/v1/exports/kpis',
} as const satisfies Record<ExportKind, ApiPath<'get'>>;

/** The file of one export with the name the server gives it, or an ApiRequestError (its JSON refusal). */
export function fetchExport(request: ExportRequest): Promise<ApiFile> {
  // One call for the five kinds: each endpoint's query is a subset of what buildExportQuery writes
  // for it (the server's contract checks every name), so the path is typed as one of them.
  const path = EXPORT_PATHS[request.kind] as '/api/v1/exports/leaderboard';
  return fetchApiFile(path, { params: { query: buildExportQuery(request) as ApiQuery<typeof path> } });
}

/** A name for the file should the server give none (it always does). */
export function fallbackExportName(request: ExportRequest): string {
  return `dealboard-${request.kind}.${request.choice === 'xlsx' ? 'xlsx' : 'csv'}`;
}
