import { and, asc, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { LocalDate } from '@core/period';
import type { Transaction } from '../../db/client';
import { dailyUserStats } from '../../db/schema';
import type { CompanyId, UserId } from '../../db/tenant';

/*
 * The reader of daily_user_stats, the rollup every board counts from: one row per company, local
 * day and member, kept exact by the activities_rollup trigger in the transaction of each write (its
 * arithmetic is daily_stats_delta, migration 0047). A range of days is one index range, whatever
 * the history.
 *
 * Every column has one name here, the metric names of the contracts (CONTEST_METRICS,
 * TARGET_METRICS, PERSON_METRICS): meetings_held and sales_value, although the table says
 * meetings_completed and revenue. A contract with names of its own (the boards' `meetings` and
 * `revenue`, My Activity's `meetingsCompleted`) is mapped where its service builds it.
 */

/** What a day of the rollup counts. bonus_calls is left out: the activities module's bookkeeping (decision 028), no screen counts it. */
export const DAILY_STATS_METRICS = [
  'calls',
  'answered',
  'unanswered',
  'meetings_booked',
  'meetings_held',
  'moved_forward',
  'emails',
  'linkedin',
  'sales',
  'sales_value',
  'points',
  'activities',
] as const;
export type DailyStatsMetric = (typeof DAILY_STATS_METRICS)[number];

/** Sums per metric; sales_value in minor units of the company currency. */
export type DailyStatsTotals = Record<DailyStatsMetric, number>;
/** One member's one local day. */
export type DailyStatsRow = DailyStatsTotals & { userId: UserId; day: LocalDate };
/** One member's sums over a range of days. */
export type DailyStatsOfUser = DailyStatsTotals & { userId: UserId };
/** Everyone's (or some members') sums of one day. */
export type DailyStatsOfDay = DailyStatsTotals & { day: LocalDate };

export const ZERO_DAILY_STATS: Readonly<DailyStatsTotals> = Object.freeze({
  calls: 0,
  answered: 0,
  unanswered: 0,
  meetings_booked: 0,
  meetings_held: 0,
  moved_forward: 0,
  emails: 0,
  linkedin: 0,
  sales: 0,
  sales_value: 0,
  points: 0,
  activities: 0,
});

/** The table's column of each metric: for a read of one's own that joins the rollup (a wrap-up's logged numbers). */
export const DAILY_STATS_COLUMNS = {
  calls: dailyUserStats.calls,
  answered: dailyUserStats.answered,
  unanswered: dailyUserStats.unanswered,
  meetings_booked: dailyUserStats.meetingsBooked,
  meetings_held: dailyUserStats.meetingsCompleted,
  moved_forward: dailyUserStats.movedForward,
  emails: dailyUserStats.emails,
  linkedin: dailyUserStats.linkedin,
  sales: dailyUserStats.sales,
  sales_value: dailyUserStats.revenue,
  points: dailyUserStats.points,
  activities: dailyUserStats.activities,
} as const satisfies Record<DailyStatsMetric, unknown>;

/**
 * Every metric summed under its name, `coalesce(sum(calls), 0)::float8 AS calls, ...`, for a
 * statement that must aggregate the rollup inside something bigger (the scoreboard's grouping
 * sets); read its rows back with toDailyStatsTotals. float8: exact for integers below 2^53, and a
 * JS number from both drivers (bigint and numeric sums are not).
 */
export const DAILY_STATS_SUMS: SQL = sql.join(
  DAILY_STATS_METRICS.map((metric) => sql`coalesce(sum(${DAILY_STATS_COLUMNS[metric]}), 0)::float8 AS ${sql.identifier(metric)}`),
  sql`, `,
);

/** The metrics of a row of DAILY_STATS_SUMS (or any row with the metrics' names), as numbers. */
export function toDailyStatsTotals(row: Record<string, unknown>): DailyStatsTotals {
  const totals = { ...ZERO_DAILY_STATS };
  for (const metric of DAILY_STATS_METRICS) totals[metric] = Number(row[metric] ?? 0);
  return totals;
}

/** Which rows: a company's local days [from, to], of these members only (null or absent: everyone's, removed members' too). */
export type DailyStatsRange = { companyId: CompanyId; userIds?: readonly string[] | null; from: string; to: string };

function whereOf(range: DailyStatsRange): SQL {
  return and(
    eq(dailyUserStats.companyId, range.companyId),
    between(dailyUserStats.day, range.from, range.to),
    range.userIds == null ? undefined : inArray(dailyUserStats.userId, [...range.userIds] as UserId[]),
  )!;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Transaction step: the rollup rows of a range, one per member and day with anything logged, by day then member. */
export async function selectDailyStats(tx: Transaction, range: DailyStatsRange): Promise<DailyStatsRow[]> {
  if (range.userIds?.length === 0) return [];
  const rows = await tx
    .select({ userId: dailyUserStats.userId, day: dailyUserStats.day, ...DAILY_STATS_COLUMNS })
    .from(dailyUserStats)
    .where(whereOf(range))
    .orderBy(asc(dailyUserStats.day), asc(dailyUserStats.userId));
  return rows.map((row) => ({ ...row, day: row.day as LocalDate, sales_value: Number(row.sales_value) }));
}

/** Transaction step: per member, the sums of their rows in the range (members with no row there are absent). */
export async function sumDailyStatsByUser(tx: Transaction, range: DailyStatsRange): Promise<DailyStatsOfUser[]> {
  if (range.userIds?.length === 0) return [];
  const result = await tx.execute(sql`
    SELECT ${dailyUserStats.userId} AS user_id, ${DAILY_STATS_SUMS}
    FROM ${dailyUserStats}
    WHERE ${whereOf(range)}
    GROUP BY ${dailyUserStats.userId}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({ userId: String(row.user_id) as UserId, ...toDailyStatsTotals(row) }));
}

/** Transaction step: per local day, the sums of the range's rows (days without a row are absent), by day. */
export async function sumDailyStatsByDay(tx: Transaction, range: DailyStatsRange): Promise<DailyStatsOfDay[]> {
  if (range.userIds?.length === 0) return [];
  const result = await tx.execute(sql`
    SELECT ${dailyUserStats.day}::text AS day, ${DAILY_STATS_SUMS}
    FROM ${dailyUserStats}
    WHERE ${whereOf(range)}
    GROUP BY ${dailyUserStats.day}
    ORDER BY ${dailyUserStats.day}`);
  return rowsOf<Record<string, unknown>>(result).map((row) => ({ day: String(row.day) as LocalDate, ...toDailyStatsTotals(row) }));
}
