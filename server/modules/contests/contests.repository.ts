import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { ContestWeight, ContestWinner } from '@core/contracts';
import type { ContestDayTotals } from '@core/contests';
import type { LocalDate } from '@core/period';
import type { Transaction } from '../../db/client';
import { contests } from '../../db/schema';
import type { CompanyId, UserId } from '../../db/tenant';
import { selectDailyStats, sumDailyStatsByUser } from '../daily-stats/daily-stats.service';

/*
 * The one owner of contests (decision 049). Every function is a step of an open transaction
 * (withTenant), so the authorization, the change, its audit entry and its feed events commit together.
 */

export type ContestRow = typeof contests.$inferSelect;

export type ContestValues = {
  name: string;
  startsOn: string;
  endsOn: string;
  participants: string;
  teamIds: string[];
  userIds: string[];
  mode: string;
  weights: ContestWeight[];
  kpiId: string | null;
  target: number | null;
  prizes: string;
  recurrence: string;
  template: string | null;
};

export async function insertContest(
  tx: Transaction,
  companyId: CompanyId,
  values: ContestValues & { id?: string; seriesId?: string; createdBy: UserId | null; at: Date },
): Promise<ContestRow | null> {
  const id = values.id ?? crypto.randomUUID();
  const { at, ...rest } = values;
  // A recurring contest's round is made once per start day: a second insert of the same round finds it there.
  const [row] = await tx
    .insert(contests)
    .values({ ...rest, companyId, id, seriesId: values.seriesId ?? id, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateContestRow(
  tx: Transaction,
  companyId: CompanyId,
  id: string,
  values: ContestValues & { at: Date },
): Promise<ContestRow | null> {
  const { at, ...rest } = values;
  const [row] = await tx
    .update(contests)
    .set({ ...rest, updatedAt: at })
    .where(and(eq(contests.companyId, companyId), eq(contests.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteContestRow(tx: Transaction, companyId: CompanyId, id: string): Promise<boolean> {
  const rows = await tx
    .delete(contests)
    .where(and(eq(contests.companyId, companyId), eq(contests.id, id)))
    .returning({ id: contests.id });
  return rows.length > 0;
}

export async function selectContest(tx: Transaction, companyId: CompanyId, id: string, options: { lock?: boolean } = {}) {
  const query = tx
    .select()
    .from(contests)
    .where(and(eq(contests.companyId, companyId), eq(contests.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The company's contests: those not over yet, and the newest `pastLimit` that are. */
export async function selectContests(tx: Transaction, companyId: CompanyId, today: LocalDate, pastLimit: number): Promise<ContestRow[]> {
  const open = await tx
    .select()
    .from(contests)
    .where(and(eq(contests.companyId, companyId), sql`${contests.endsOn} >= ${today}`))
    .orderBy(contests.startsOn, contests.id);
  const past = await tx
    .select()
    .from(contests)
    .where(and(eq(contests.companyId, companyId), sql`${contests.endsOn} < ${today}`))
    .orderBy(desc(contests.endsOn), desc(contests.id))
    .limit(pastLimit);
  return [...open, ...past];
}

/** Every round of a recurring contest (those sharing its series id), for a wall that follows the series. */
export async function selectContestRounds(tx: Transaction, companyId: CompanyId, seriesId: string): Promise<ContestRow[]> {
  return tx
    .select()
    .from(contests)
    .where(and(eq(contests.companyId, companyId), eq(contests.seriesId, seriesId)));
}

/** The contests running today, for a wall that shows whatever is running. */
export async function selectRunningContests(tx: Transaction, companyId: CompanyId, today: LocalDate): Promise<ContestRow[]> {
  return tx
    .select()
    .from(contests)
    .where(and(eq(contests.companyId, companyId), sql`${contests.startsOn} <= ${today}`, sql`${contests.endsOn} >= ${today}`));
}

/** The scheduler's work: contests that have begun and are not finished (index contests_company_open_idx). */
export async function selectDueContestIds(tx: Transaction, companyId: CompanyId, today: LocalDate): Promise<string[]> {
  const rows = await tx
    .select({ id: contests.id })
    .from(contests)
    .where(and(eq(contests.companyId, companyId), ne(contests.status, 'finished'), sql`${contests.startsOn} <= ${today}`));
  return rows.map((row) => row.id);
}

/** The scheduler's step: the contest's new status, leaders or winners. */
export async function markContest(
  tx: Transaction,
  companyId: CompanyId,
  id: string,
  values: { status?: 'running' | 'finished'; leaderIds?: string[]; winners?: ContestWinner[]; finishedAt?: Date },
): Promise<void> {
  await tx
    .update(contests)
    .set(values)
    .where(and(eq(contests.companyId, companyId), eq(contests.id, id)));
}

/** Says to the policies that this transaction is the contests' scheduler (migration 0030). */
export async function actAsContestWorker(tx: Transaction): Promise<void> {
  await tx.execute(sql`SELECT set_config('app.contest_worker', 'on', true)`);
}

/**
 * The participants' rollup totals over the contest's days, off the (company_id, day, user_id) key
 * through the rollup reader (daily-stats), never the activities: one row per member (`byDay`
 * false, its day the contest's first: a sum has no day of its own), or per member and day
 * (`byDay`: a contest with a target needs the day it was reached). `userIds` null reads every
 * member's rows (a contest among everyone), the caller keeping the participants'. Every metric
 * comes under its contest name (CONTEST_METRICS are the reader's names); a contest counts those it weighs.
 */
export async function selectContestDays(
  tx: Transaction,
  companyId: CompanyId,
  userIds: readonly string[] | null,
  from: string,
  to: string,
  byDay: boolean,
): Promise<({ userId: string } & ContestDayTotals)[]> {
  const range = { companyId, userIds, from, to };
  if (byDay) return selectDailyStats(tx, range);
  return (await sumDailyStatsByUser(tx, range)).map((row) => ({ ...row, day: from as LocalDate }));
}
