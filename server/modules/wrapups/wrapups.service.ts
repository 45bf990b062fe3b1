import {
  type SaveWrapup,
  type SaveWrapupResult,
  type Wrapup,
  WRAPUP_HISTORY_LIMIT,
  WRAPUP_STATS_DAYS,
  type WrapupHistory,
  type WrapupNumbers,
  type WrapupToday,
} from '@core/contracts';
import { addDays, computeLocalDate } from '@core/period';
import { computeAverage } from '@core/stats';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import {
  findRecentWrapupsOf,
  findWrapupAndDayTotals,
  findWrapupHistory,
  saveWrapupOfDay,
  toLoggedNumbers,
  type WrapupRow,
} from './wrapups.repository';
import type { UserId } from '../../db/tenant';

const todayOf = (deps: AppDeps, actor: Actor) => computeLocalDate(deps.now(), actor.timezone);

function emptyToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

function toWrapup(row: WrapupRow): Wrapup {
  return {
    id: row.id,
    date: row.date,
    calls: row.calls,
    meetings: row.meetings,
    sales: row.sales,
    points: row.points,
    good: row.good,
    improve: row.improve,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Today's wrap-up form: the saved wrap-up, and the day's numbers from the logged activities. */
/** For seed data (server/seed): a wrap-up of any day, saved at a chosen instant. */
export { saveWrapupOfDay } from './wrapups.repository';

/** Transaction step (the weekly digest): a week's wrap-ups by some people. */

/** Transaction step (exports): the wrap-ups of some local days, a batch at a time through a cursor. */
export { type ExportWrapupRow, selectWrapupsForExport } from './wrapups.repository';

export async function getTodayWrapup(deps: AppDeps, actor: Actor): Promise<WrapupToday> {
  const today = todayOf(deps, actor);
  const { wrapup, totals } = await findWrapupAndDayTotals(deps.database.db, memberScopeOf(actor), today);
  return {
    date: today,
    saved: wrapup ? toWrapup(wrapup) : null,
    prefill: toLoggedNumbers(totals),
  };
}

/** Creates today's wrap-up, or updates it when one exists (one per person and day). */
export async function saveTodayWrapup(deps: AppDeps, actor: Actor, input: SaveWrapup): Promise<SaveWrapupResult> {
  const now = deps.now();
  const today = computeLocalDate(now, actor.timezone);
  const { wrapup, created } = await saveWrapupOfDay(
    deps.database.db,
    memberScopeOf(actor),
    today,
    {
      calls: input.calls,
      meetings: input.meetings,
      sales: input.sales,
      points: input.points,
      good: emptyToNull(input.good),
      improve: emptyToNull(input.improve),
    },
    now,
  );
  return { wrapup: toWrapup(wrapup), created };
}

/**
 * The last 10 wrap-ups before today, and the last 7 days' (today included) totals and per-day
 * averages over the days that have a wrap-up, rounded to 1 decimal.
 */
export async function getWrapupHistory(deps: AppDeps, actor: Actor): Promise<WrapupHistory> {
  const today = todayOf(deps, actor);
  const from = addDays(today, -(WRAPUP_STATS_DAYS - 1));
  const { previous, window } = await findWrapupHistory(deps.database.db, memberScopeOf(actor), {
    today,
    limit: WRAPUP_HISTORY_LIMIT,
    from,
    to: today,
  });
  const totals: WrapupNumbers = { calls: 0, meetings: 0, sales: 0, points: 0 };
  for (const row of window) {
    totals.calls += row.calls;
    totals.meetings += row.meetings;
    totals.sales += row.sales;
    totals.points += row.points;
  }
  const days = window.length;
  return {
    history: previous.map(toWrapup),
    last7Days: {
      from,
      to: today,
      days,
      totals,
      averages: {
        calls: computeAverage(totals.calls, days),
        meetings: computeAverage(totals.meetings, days),
        sales: computeAverage(totals.sales, days),
        points: computeAverage(totals.points, days),
      },
    },
  };
}

/** Transaction step (push notifications): who has written the day's wrap-up (the reminder goes to the others). */
export { selectWrapupAuthorsOfDay } from './wrapups.repository';

/** Transaction steps (coaching): people's wrap-ups with the day's logged numbers, one by id, dates by id. */
export {
  type CoachingWrapupRow,
  selectWrapupDates,
  selectWrapupStamps,
  selectWrapupsOfMembers,
  selectWrapupWithLog,
} from './wrapups.repository';
/** A person's newest wrap-ups with the numbers they typed (a page per rep): the caller decided who may read them. */
export async function listRecentWrapupsOf(deps: AppDeps, actor: Actor, userId: UserId, limit: number): Promise<Wrapup[]> {
  return (await findRecentWrapupsOf(deps.database.db, memberScopeOf(actor), userId, limit)).map(toWrapup);
}
