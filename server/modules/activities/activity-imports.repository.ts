import type { TypeDayContext } from '@core/activity-types';
import type { DayContext } from '@core/kpi';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { type CompanyId, type UserId } from '../../db/tenant';
import { activityDayLockKey, type ActivityValues, type CustomTypeValues } from './activities.repository';

// ---- spreadsheet imports (decision 039) ----------------------------------------------------------

/** One imported activity as stored (the service has computed its points). */
export type ImportedActivity = ActivityValues &
  Partial<CustomTypeValues> & { id: string; userId: UserId; localDate: string; createdAt: Date };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Transaction step: names the import whose own rows skip the per-row rollup and change notice for
 * the rest of the transaction (migration 0017's is_bulk_import_row), and takes the day locks of the
 * given (member, day) pairs, the ones a rep may be logging to right now, so points are counted one
 * after the other as when logging.
 */
export async function beginBulkImportIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
  lockedDays: readonly { userId: string; localDate: string }[],
): Promise<void> {
  const keys = JSON.stringify(lockedDays.map((day) => activityDayLockKey(companyId, day.userId, day.localDate)).sort());
  await tx.execute(sql`SELECT set_config('app.bulk_import', ${importId}, true),
    (SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) FROM json_array_elements_text(${keys}::json) AS k)`);
}

/** Transaction step: the day so far (calls, bonus taken) of each member's days in [from, to], keyed `${userId}|${day}`. */
export async function selectDayContextsIn(
  tx: Transaction,
  companyId: CompanyId,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, DayContext>> {
  const result = await tx.execute(sql`
    SELECT user_id, day::text AS day, calls, bonus_calls FROM daily_user_stats
     WHERE company_id = ${companyId}::uuid AND day BETWEEN ${from}::date AND ${to}::date
       AND user_id IN (SELECT json_array_elements_text(${JSON.stringify(userIds)}::json))`);
  const contexts = new Map<string, DayContext>();
  for (const row of rowsOf<{ user_id: string; day: string; calls: number; bonus_calls: number }>(result)) {
    contexts.set(`${row.user_id}|${row.day}`, { callsBefore: row.calls, bonusAlreadyAwarded: row.bonus_calls > 0 });
  }
  return contexts;
}

/** A member's day of one type so far (a kind's key or an own type's id), as the two readers below answer it. */
type TypeDayRow = { user_id: string; day: string; type_key: string; activities: number; bonus: number };

/** The rows by `${userId}|${day}|${type}`: how many there are, whether one carries the daily bonus. */
function toTypeDayContexts(rows: readonly TypeDayRow[]): Map<string, TypeDayContext> {
  return new Map(
    rows.map((row) => [`${row.user_id}|${row.day}|${row.type_key}`, { countBefore: row.activities, bonusTaken: row.bonus > 0 }]),
  );
}

/**
 * Transaction step: the day so far of each built-in kind that may carry a daily bonus (decision 115)
 * on each member's days in [from, to] (how many, whether one carries the bonus), keyed
 * `${userId}|${day}|${type}`. Read from the activities (those kinds have no type rollup yet).
 */
export async function selectKindDayContextsIn(
  tx: Transaction,
  companyId: CompanyId,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, TypeDayContext>> {
  const result = await tx.execute(sql`
    SELECT user_id, local_date::text AS day, type AS type_key, count(*)::int AS activities, count(*) FILTER (WHERE bonus_points > 0)::int AS bonus
      FROM activities
     WHERE company_id = ${companyId}::uuid AND local_date BETWEEN ${from}::date AND ${to}::date
       AND user_id IN (SELECT json_array_elements_text(${JSON.stringify(userIds)}::json))
       AND type IN ('meeting', 'sale', 'email', 'linkedin')
     GROUP BY user_id, local_date, type`);
  return toTypeDayContexts(rowsOf<TypeDayRow>(result));
}

/**
 * Transaction step: the day so far of each company's own type (decision 100) on each member's days in
 * [from, to] (how many, whether one carries the type's daily bonus), keyed `${userId}|${day}|${typeId}`.
 */
export async function selectTypeDayContextsIn(
  tx: Transaction,
  companyId: CompanyId,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, TypeDayContext>> {
  const result = await tx.execute(sql`
    SELECT user_id, day::text AS day, type_id::text AS type_key, sum(activities)::int AS activities, sum(bonus_taken)::int AS bonus
      FROM activity_type_day_stats
     WHERE company_id = ${companyId}::uuid AND day BETWEEN ${from}::date AND ${to}::date
       AND user_id IN (SELECT json_array_elements_text(${JSON.stringify(userIds)}::json))
     GROUP BY user_id, day, type_id`);
  return toTypeDayContexts(rowsOf<TypeDayRow>(result));
}

/** Transaction step: the import's activities, one multi-row statement per batch (the caller batches). */
export async function insertImportedActivitiesIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
  rows: readonly ImportedActivity[],
): Promise<void> {
  if (rows.length === 0) return;
  const records = JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      local_date: r.localDate,
      type: r.type,
      meeting_booked: r.meetingBooked,
      moved_forward: r.movedForward,
      customer_id: r.customerId,
      customer_name: r.customerName,
      ticket_size: r.ticketSize,
      product_name: r.productName,
      notes: r.notes,
      points_earned: r.pointsEarned,
      daily_bonus: r.dailyBonus,
      bonus_points: r.bonusPoints,
      created_at: r.createdAt.toISOString(),
      type_id: r.typeId ?? null,
      outcome_id: r.outcomeId ?? null,
      field_values: r.fieldValues ?? null,
    })),
  );
  await tx.execute(sql`
    INSERT INTO activities (id, company_id, user_id, local_date, type, meeting_booked, moved_forward, customer_id,
      customer_name, ticket_size, product_name, notes, points_earned, daily_bonus, bonus_points, status, import_id,
      created_at, updated_at, type_id, outcome_id, field_values)
    SELECT r.id, ${companyId}::uuid, r.user_id, r.local_date, r.type, r.meeting_booked, r.moved_forward, r.customer_id,
      r.customer_name, r.ticket_size, r.product_name, r.notes, r.points_earned, r.daily_bonus, r.bonus_points, 'completed',
      ${importId}::uuid, r.created_at, r.created_at, r.type_id, r.outcome_id,
      CASE WHEN r.type_id IS NULL THEN NULL ELSE coalesce(r.field_values, '{}'::jsonb) END
      FROM json_to_recordset(${records}::json) AS r(id uuid, user_id text, local_date date, type text, meeting_booked boolean,
        moved_forward boolean, customer_id uuid, customer_name text, ticket_size bigint, product_name text, notes text,
        points_earned integer, daily_bonus boolean, bonus_points integer, created_at timestamptz, type_id uuid, outcome_id text,
        field_values jsonb)`);
}

/** A (member, day) of an import's rows: an import is written and undone a few of these at a time (decision 084). */
export type ImportDay = { userId: string; localDate: string };

const daysJson = (days: readonly ImportDay[]) => JSON.stringify(days.map((d) => ({ user_id: d.userId, day: d.localDate })));

/**
 * Transaction step: adds (1, after inserting) or takes away (-1, before deleting) the import's rows
 * on these (member, day) pairs from the rollup, one statement per (member, day).
 */
export async function applyImportDaysToDailyStatsIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
  days: readonly ImportDay[],
  sign: 1 | -1,
): Promise<void> {
  await tx.execute(
    sql`SELECT apply_import_days_to_daily_stats(${companyId}::uuid, ${importId}::uuid, ${daysJson(days)}::json, ${sign}::int)`,
  );
}

/** Transaction step: the (member, day) pairs the import's rows are on, how many on each, in order. */
export async function selectImportDaysIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
): Promise<(ImportDay & { rows: number })[]> {
  const result = await tx.execute(sql`
    SELECT user_id, local_date::text AS day, count(*)::int AS rows FROM activities
     WHERE company_id = ${companyId}::uuid AND import_id = ${importId}::uuid
     GROUP BY user_id, local_date ORDER BY user_id, local_date`);
  return rowsOf<{ user_id: string; day: string; rows: number }>(result).map((r) => ({ userId: r.user_id, localDate: r.day, rows: r.rows }));
}

/** Transaction step: one change notice for the whole import (the live screens refetch), instead of one per row. */
export async function notifyImportChangeIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
  op: 'INSERT' | 'DELETE',
): Promise<void> {
  const payload = JSON.stringify({
    company_id: companyId,
    table: 'activities',
    op,
    id: importId,
    user_id: null,
    type: null,
    meeting_booked: false,
  });
  await tx.execute(sql`SELECT pg_notify('dealboard_events', ${payload})`);
}

/**
 * Transaction step (undo an import, a few (member, day) pairs at a time): deletes the import's
 * activities on those days after taking them out of the rollup (the tombstone trigger records each
 * one for the sync feed), then settles the daily bonus of each of those days as deleting a call
 * does: a day below the bonus rule's number of calls (`bonus.threshold`) loses the bonus; a day whose
 * bonus call was deleted and still has enough gives it to its latest call (when `bonus.points`,
 * today's bonus rule, is not null). Returns how many were deleted.
 */
export async function deleteImportedDaysIn(
  tx: Transaction,
  companyId: CompanyId,
  importId: string,
  importDays: readonly ImportDay[],
  bonus: { points: number | null; threshold: number },
  now: Date,
): Promise<number> {
  const days = rowsOf<{ user_id: string; day: string; had_bonus: boolean; deleted: number }>(
    await tx.execute(sql`SELECT user_id, day::text AS day, had_bonus, deleted FROM delete_import_days(
      ${companyId}::uuid, ${importId}::uuid, ${daysJson(importDays)}::json)`),
  );
  const deleted = days.reduce((sum, day) => sum + day.deleted, 0);
  if (days.length === 0) return deleted;
  const affected = JSON.stringify(days.map((d) => ({ user_id: d.user_id, day: d.day, had_bonus: d.had_bonus })));
  // These updates touch rows that are not the import's: the per-row rollup keeps the days exact.
  await tx.execute(sql`
    UPDATE activities a SET points_earned = a.points_earned - a.bonus_points, bonus_points = 0, daily_bonus = false,
           updated_at = ${now.toISOString()}::timestamptz
      FROM json_to_recordset(${affected}::json) AS d(user_id text, day date, had_bonus boolean), daily_user_stats s
     WHERE a.company_id = ${companyId}::uuid AND a.user_id = d.user_id AND a.local_date = d.day AND a.daily_bonus
       AND s.company_id = a.company_id AND s.user_id = d.user_id AND s.day = d.day AND s.calls < ${bonus.threshold}::int`);
  if (bonus.points !== null) {
    await tx.execute(sql`
      UPDATE activities a SET points_earned = a.points_earned + ${bonus.points}::int, bonus_points = ${bonus.points}::int,
             daily_bonus = true, updated_at = ${now.toISOString()}::timestamptz
        FROM (SELECT DISTINCT ON (c.user_id, c.local_date) c.id
                FROM json_to_recordset(${affected}::json) AS d(user_id text, day date, had_bonus boolean)
                JOIN daily_user_stats s ON s.company_id = ${companyId}::uuid AND s.user_id = d.user_id AND s.day = d.day
                JOIN activities c ON c.company_id = s.company_id AND c.user_id = d.user_id AND c.local_date = d.day
                 AND c.type IN ('call_answered', 'call_unanswered')
               WHERE d.had_bonus AND s.bonus_calls = 0 AND s.calls >= ${bonus.threshold}::int
               ORDER BY c.user_id, c.local_date, c.created_at DESC, c.id DESC) latest
       WHERE a.id = latest.id`);
  }
  return deleted;
}

/** Transaction step (tests, bench): the rollup's totals against a recount of the activities, per (member, day) that differ. */
export async function findRollupDriftIn(tx: Transaction, companyId: CompanyId): Promise<number> {
  const result = await tx.execute(sql`
    WITH recount AS (
      SELECT user_id, local_date AS day, count(*)::int AS activities, sum(points_earned)::int AS points,
             count(*) FILTER (WHERE type IN ('call_answered', 'call_unanswered'))::int AS calls,
             coalesce(sum(ticket_size) FILTER (WHERE type = 'sale'), 0)::bigint AS revenue,
             count(*) FILTER (WHERE daily_bonus)::int AS bonus_calls,
             max(ticket_size) FILTER (WHERE type = 'sale') AS sale_max, min(ticket_size) FILTER (WHERE type = 'sale') AS sale_min,
             coalesce(sum(points_earned) FILTER (WHERE type IN ('call_answered', 'call_unanswered')), 0)::int AS call_points,
             coalesce(sum(points_earned) FILTER (WHERE type = 'meeting'), 0)::int AS meeting_points,
             coalesce(sum(points_earned) FILTER (WHERE type = 'sale'), 0)::int AS sale_points,
             coalesce(sum(points_earned) FILTER (WHERE type = 'email'), 0)::int AS email_points,
             coalesce(sum(points_earned) FILTER (WHERE type = 'linkedin'), 0)::int AS linkedin_points
        FROM activities WHERE company_id = ${companyId}::uuid GROUP BY user_id, local_date)
    SELECT count(*)::int AS n FROM recount r
      FULL JOIN (SELECT * FROM daily_user_stats WHERE company_id = ${companyId}::uuid) s ON s.user_id = r.user_id AND s.day = r.day
     WHERE r.activities IS DISTINCT FROM s.activities OR r.points IS DISTINCT FROM s.points OR r.calls IS DISTINCT FROM s.calls
        OR r.revenue IS DISTINCT FROM s.revenue OR r.bonus_calls IS DISTINCT FROM s.bonus_calls
        OR r.sale_max IS DISTINCT FROM s.sale_max OR r.sale_min IS DISTINCT FROM s.sale_min
        OR r.call_points IS DISTINCT FROM s.call_points OR r.meeting_points IS DISTINCT FROM s.meeting_points
        OR r.sale_points IS DISTINCT FROM s.sale_points OR r.email_points IS DISTINCT FROM s.email_points
        OR r.linkedin_points IS DISTINCT FROM s.linkedin_points`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
