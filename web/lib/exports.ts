import type { ExportKind, Language, RankBy } from '@core/contracts';
import { LANGUAGES, matchLanguage } from '@core/language';
import type { LeaderboardSortKey } from '@core/stats';
import i18next from 'i18next';
import { type ApiFile, readAttachmentName, UI_LANGUAGE_HEADER } from './api';
import { networkError, toApiRequestError } from './api/errors';

/*
 * Exports (decision 034): GET /api/v1/exports/{kind} answers a file. Every Export menu and the
 * Settings page build their address here and download it the one way (fetch, then a Blob), so a
 * refusal (403, 429 too_many_exports) reaches the screen as an error to show, never as a tab with
 * the error's JSON in it.
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
  /** The leaderboard's team, as the screen filters it (decision 040). */
  teamId?: string;
  /** The leaderboard's ranking, as the screen ranks it (decision 053); points when absent. */
  rankBy?: RankBy;
  choice: ExportChoice;
  /** The headers' and names' language; the screen's by default. */
  language?: Language;
};

/** `/api/v1/exports/leaderboard?period=month&format=xlsx&language=en`: the address of one export. */
export function buildExportUrl(request: ExportRequest): string {
  const query = new URLSearchParams();
  const hasPeriod = request.kind !== 'goals' && request.kind !== 'members';
  if (hasPeriod && request.period) {
    if ('period' in request.period) query.set('period', request.period.period);
    else {
      query.set('from', request.period.from);
      query.set('to', request.period.to);
    }
  }
  if (request.member && request.kind !== 'members') query.set('member', request.member);
  if (request.kind === 'leaderboard') {
    if (request.sort) query.set('sort', request.sort);
    if (request.teamId) query.set('teamId', request.teamId);
    if (request.rankBy && request.rankBy !== 'points') query.set('rankBy', request.rankBy);
  }
  query.set('format', request.choice === 'xlsx' ? 'xlsx' : 'csv');
  if (request.choice === 'csv-semicolon') query.set('separator', 'semicolon');
  query.set('language', request.language ?? matchLanguage(i18next.language, LANGUAGES) ?? 'en');
  return `/api/v1/exports/${request.kind}?${query.toString()}`;
}

/** The file of one export with the name the server gives it, or an ApiRequestError (its JSON refusal). */
export async function fetchExport(request: ExportRequest): Promise<ApiFile> {
  let response: Response;
  try {
    response = await fetch(new URL(buildExportUrl(request), window.location.origin), {
      credentials: 'same-origin',
      headers: { [UI_LANGUAGE_HEADER]: i18next.language ?? 'en' },
    });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw toApiRequestError(response.status, await response.json().catch(() => null));
  return { blob: await response.blob(), fileName: readAttachmentName(response.headers.get('content-disposition')) };
}

/** A name for the file should the server give none (it always does). */
export function fallbackExportName(request: ExportRequest): string {
  return `dealboard-${request.kind}.${request.choice === 'xlsx' ? 'xlsx' : 'csv'}`;
}
