/*
 * The daily rollup (daily_user_stats) as every module that counts what was logged reads it: the
 * boards, My Activity, wrap-ups, targets, contests, the weekly digest, chat and a page per rep.
 * One row type with one name per metric (daily-stats.repository.ts); the rollup itself is kept by
 * the activities_rollup trigger, its arithmetic written once in SQL (daily_stats_delta, migration 0047).
 */

/** Transaction steps: a range's rows per member and day, its sums per member, its sums per day. */
export { selectDailyStats, sumDailyStatsByDay, sumDailyStatsByUser } from './daily-stats.repository';

/** The row types, the metrics' names, and the zero day. */
export {
  DAILY_STATS_METRICS,
  type DailyStatsMetric,
  type DailyStatsOfDay,
  type DailyStatsOfUser,
  type DailyStatsRange,
  type DailyStatsRow,
  type DailyStatsTotals,
  ZERO_DAILY_STATS,
} from './daily-stats.repository';

/**
 * For a statement of one's own that joins or aggregates the rollup in something bigger (the
 * scoreboard's, a wrap-up's logged numbers): the column of each metric, every metric summed under
 * its name, and such a row read back as numbers.
 */
export { DAILY_STATS_COLUMNS, DAILY_STATS_SUMS, toDailyStatsTotals } from './daily-stats.repository';
