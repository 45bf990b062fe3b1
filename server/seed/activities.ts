import { computeActivityPoints, findDailyCallBonusThreshold, type ActivityInput } from '@core/kpi';
import { computeLocalDate, type LocalDate } from '@core/period';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type MemberScope, toCompanyId, toUserId, withInstance, withTenant } from '../db/tenant';
import { activityLookups } from '../activity-lookups';
import { withActivityDay } from '../modules/activities/activities.service';

/*
 * Activity seed factories for tests, dev data and benchmarks. Their callers name companies and
 * people by the ids they were given (tests, benchmarks, e2e journeys), trusted as such here. An activity is written the way the
 * product writes one: as its owner through withTenant (the RLS policy demands user_id =
 * app.user_id), with points from core's computeActivityPoints under the company's KPI rules and
 * local_date from computeLocalDate in the company's time zone; the activities_rollup trigger keeps
 * daily_user_stats exact in the same transaction.
 */

export type SeedActivityInput = ActivityInput & {
  companyId: string;
  userId: string;
  /** The instant it was logged (created_at); may be in the past (backdated). */
  at: Date;
  /** The company's time zone, which fixes local_date. */
  timezone: string;
  customerName?: string | null;
  notes?: string | null;
  productName?: string | null;
};

const scopeOf = (input: { companyId: string; userId: string }): MemberScope => ({
  companyId: toCompanyId(input.companyId),
  userId: toUserId(input.userId),
});

export type SeededActivity = {
  id: string;
  companyId: string;
  userId: string;
  type: ActivityInput['type'];
  meetingBooked: boolean;
  movedForward: boolean;
  ticketSize: number | null;
  customerName: string | null;
  notes: string | null;
  points: number;
  dailyBonus: boolean;
  localDate: LocalDate;
  createdAt: Date;
};

/**
 * Inserts one activity at `at` as its owner, with the points the company's rules give it. It goes
 * through the same day primitives as logging in the product (withActivityDay: the day's lock, the
 * rollup's day context, the insert), only at a chosen instant and without the product's refusal
 * of kinds whose rule is off, since seeded history may predate a rule change.
 */
export async function seedActivity(db: Database, input: SeedActivityInput): Promise<SeededActivity> {
  const { companyId, userId, at, timezone } = input;
  const localDate = computeLocalDate(at, timezone);
  const row = await withActivityDay({ db, lookups: activityLookups }, scopeOf(input), localDate, async (day) => {
    const rules = await day.findRules();
    const context = input.type === 'call_answered' || input.type === 'call_unanswered' ? await day.findDayContext() : undefined;
    const result = computeActivityPoints(input, rules, context);
    const outcome = input.type === 'call_answered' ? input.outcome : null;
    return day.insertActivity({
      type: input.type,
      meetingBooked: outcome === 'meeting_booked',
      movedForward: outcome === 'moved_forward',
      ticketSize: input.type === 'sale' ? input.ticketSize : null,
      productName: input.productName ?? null,
      customerId: null,
      customerName: input.customerName ?? null,
      notes: input.notes ?? null,
      pointsEarned: result.points,
      dailyBonus: result.earnsDailyBonus,
      bonusPoints: result.bonusPoints,
      createdAt: at,
    });
  });
  if (!row) throw new Error('A seeded activity has no device key, so it is always new');
  return {
    id: row.id,
    companyId,
    userId,
    type: input.type,
    meetingBooked: row.meetingBooked,
    movedForward: row.movedForward,
    ticketSize: row.ticketSize,
    customerName: row.customerName,
    notes: row.notes,
    points: row.pointsEarned,
    dailyBonus: row.dailyBonus,
    localDate,
    createdAt: row.createdAt,
  };
}

export type SeedActivitySeriesInput = {
  companyId: string;
  userId: string;
  timezone: string;
  /** The first local day of the series. */
  from: LocalDate;
  days: number;
  /** Activities on a busy weekday; quieter days get fewer, weekends about a quarter. */
  maxPerDay: number;
  /** Varies the mix between users. */
  salt: number;
};

/**
 * Bulk history for benchmarks: one INSERT ... SELECT generate_series as the user (fast: no
 * round trip per row). Each local day gets up to maxPerDay activities between 08:00 and 17:00
 * local time (a DST-correct instant via AT TIME ZONE): about 50 % answered calls (of which 15 %
 * book a meeting and 25 % move forward), 30 % unanswered calls, 7 % held meetings, 6 % sales,
 * 7 % e-mails. Points come from core's computeActivityPoints under the company's rules, and the
 * call that reaches the bonus rule's number (20 by default) carries daily_call_bonus_20, as in the product. Returns the rows inserted.
 * The rollup is kept by the trigger, unless the caller disabled it (see withoutActivityTriggers).
 */
export async function seedActivitySeries(db: Database, input: SeedActivitySeriesInput): Promise<number> {
  const { companyId, userId, timezone, from, days, maxPerDay, salt } = input;
  return withTenant(db, scopeOf(input), async (tx) => {
    const rules = await activityLookups.selectRulesForPoints(tx, toCompanyId(companyId));
    const p = (activity: ActivityInput) => computeActivityPoints(activity, rules).points;
    const points = {
      booked: p({ type: 'call_answered', outcome: 'meeting_booked' }),
      moved: p({ type: 'call_answered', outcome: 'moved_forward' }),
      answered: p({ type: 'call_answered', outcome: 'no_progress' }),
      unanswered: p({ type: 'call_unanswered' }),
      meeting: p({ type: 'meeting' }),
      email: p({ type: 'email' }),
    };
    // A sale's points depend on its value when sale_ticket_size is on: base + round(value x multiplier).
    const saleRule = rules.find((r) => r.kpiKey === 'sale');
    const ticketRule = rules.find((r) => r.kpiKey === 'sale_ticket_size');
    const saleBase = saleRule?.enabled === false ? 0 : (saleRule?.basePoints ?? 10);
    const ticketMultiplier = ticketRule?.enabled ? ticketRule.multiplierValue : 0;
    const bonusRule = rules.find((r) => r.kpiKey === 'daily_call_bonus_20');
    const bonus = bonusRule?.enabled === false ? 0 : (bonusRule?.basePoints ?? 5);
    const bonusAt = findDailyCallBonusThreshold(rules);

    const result = await tx.execute(sql`
      INSERT INTO activities (company_id, user_id, type, meeting_booked, moved_forward, ticket_size,
        customer_name, points_earned, daily_bonus, bonus_points, local_date, created_at, updated_at)
      SELECT ${companyId}::uuid, ${userId}, type, booked, moved, ticket,
        CASE WHEN r % 4 = 0 THEN 'Customer ' || (r % 37) END,
        base_points + CASE WHEN is_call AND call_no = ${bonusAt}::int THEN ${bonus}::int ELSE 0 END,
        (is_call AND call_no = ${bonusAt}::int AND ${bonus}::int > 0),
        CASE WHEN is_call AND call_no = ${bonusAt}::int THEN ${bonus}::int ELSE 0 END,
        local_date, at, at
      FROM (
        SELECT *, count(*) FILTER (WHERE is_call) OVER (PARTITION BY d ORDER BY k) AS call_no
        FROM (
          SELECT d, k, r, local_date, type, booked, moved, ticket,
            type IN ('call_answered', 'call_unanswered') AS is_call,
            ((local_date + time '08:00') + make_interval(secs => (k - 1) * 32400.0 / ${maxPerDay}::int))
              AT TIME ZONE ${timezone} AS at,
            CASE
              WHEN booked THEN ${points.booked}::int
              WHEN moved THEN ${points.moved}::int
              WHEN type = 'call_answered' THEN ${points.answered}::int
              WHEN type = 'call_unanswered' THEN ${points.unanswered}::int
              WHEN type = 'meeting' THEN ${points.meeting}::int
              WHEN type = 'email' THEN ${points.email}::int
              ELSE ${saleBase}::int + round(ticket / 100.0 * ${ticketMultiplier}::float8)::int
            END AS base_points
          FROM (
            SELECT d, k, r, local_date,
              CASE WHEN r < 50 THEN 'call_answered' WHEN r < 80 THEN 'call_unanswered'
                   WHEN r < 87 THEN 'meeting' WHEN r < 93 THEN 'sale' ELSE 'email' END AS type,
              (r < 50 AND r % 7 = 0) AS booked,
              (r < 50 AND r % 7 IN (1, 2)) AS moved,
              CASE WHEN r >= 87 AND r < 93 THEN 100000 + (r * 7919 + d * 31) % 900000 END::bigint AS ticket
            FROM (
              SELECT d, k, (${from}::date + d) AS local_date,
                ((d * 37 + k * 101 + ${salt}::int * 53) % 100) AS r,
                CASE WHEN extract(isodow FROM ${from}::date + d) >= 6 THEN greatest(1, ${maxPerDay}::int / 4)
                     ELSE ${maxPerDay}::int - ((d * 13 + ${salt}::int * 7) % greatest(1, ${maxPerDay}::int / 3)) END AS n
              FROM generate_series(0, ${days}::int - 1) AS d
              CROSS JOIN generate_series(1, ${maxPerDay}::int) AS k
            ) raw
            WHERE k <= n
          ) typed
        ) priced
      ) numbered`);
    return (
      (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as unknown as { affectedRows?: number }).affectedRows ??
      0
    );
  });
}

export type SeedOwnTypeSeriesInput = Omit<SeedActivitySeriesInput, 'maxPerDay'> & {
  /** The company's own type (decision 100) and what the series writes into its fields. */
  typeId: string;
  /** Its outcomes, each with the points an activity of it earns (the type's points included). */
  outcomes: { id: string; points: number }[];
  /** Activities on a busy weekday; weekends about a quarter. */
  perDay: number;
  /** A number field (1-20 in it), a money field (1,000-60,000 in minor units) and a choice field with its options. */
  fields: { number: string; money: string; choice: string; options: string[] };
};

/**
 * Bulk history of one of the company's own types, as seedActivitySeries does the built-in kinds:
 * one INSERT ... SELECT generate_series as the user, between 08:00 and 17:00 local time, the
 * outcomes, the number and money fields and the choice varying by row. The type's rollup
 * (activity_type_day_stats) is kept by its trigger row by row, as in the product; the daily
 * rollup by its trigger too, unless the caller disabled it (withoutActivityTriggers).
 */
export async function seedOwnTypeSeries(db: Database, input: SeedOwnTypeSeriesInput): Promise<number> {
  const { companyId, userId, timezone, from, days, perDay, salt, typeId, outcomes, fields } = input;
  // Lists go in as JSON (a driver spreads an array into one parameter per item); ->> picks by 0-based index.
  const outcomeIds = JSON.stringify(outcomes.map((o) => o.id));
  const outcomePoints = JSON.stringify(outcomes.map((o) => o.points));
  const options = JSON.stringify(fields.options);
  return withTenant(db, scopeOf(input), async (tx) => {
    const result = await tx.execute(sql`
      INSERT INTO activities (company_id, user_id, type, type_id, outcome_id, field_values, points_earned, local_date, created_at, updated_at)
      SELECT ${companyId}::uuid, ${userId}, 'custom', ${typeId}::uuid, ${outcomeIds}::jsonb ->> (r % ${outcomes.length}::int),
        jsonb_build_object(
          ${fields.number}::text, 1 + r % 20,
          ${fields.money}::text, 1000 + (r * 7919 + d * 31) % 59000,
          ${fields.choice}::text, ${options}::jsonb ->> ((r / 7) % ${fields.options.length}::int)),
        (${outcomePoints}::jsonb ->> (r % ${outcomes.length}::int))::int,
        local_date, at, at
      FROM (
        SELECT d, k, (${from}::date + d) AS local_date,
          ((d * 41 + k * 97 + ${salt}::int * 59) % 100) AS r,
          (((${from}::date + d) + time '08:00') + make_interval(secs => (k - 1) * 32400.0 / ${perDay}::int)) AT TIME ZONE ${timezone} AS at,
          CASE WHEN extract(isodow FROM ${from}::date + d) >= 6 THEN greatest(1, ${perDay}::int / 4) ELSE ${perDay}::int END AS n
        FROM generate_series(0, ${days}::int - 1) AS d
        CROSS JOIN generate_series(1, ${perDay}::int) AS k
      ) raw
      WHERE k <= n`);
    return (
      (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (result as unknown as { affectedRows?: number }).affectedRows ??
      0
    );
  });
}

/**
 * Runs `fn` with the rollup and notify triggers on activities disabled (bulk loads: a per-row
 * trigger and ten million NOTIFY payloads are the slow part), then rebuilds the company's
 * daily_user_stats from scratch with one INSERT ... SELECT ... GROUP BY of the trigger's own
 * arithmetic (daily_stats_delta, migrations/0047_daily-stats-rollup-once.sql). Needs the table
 * owner; never use it on a database that serves requests.
 */
export async function withoutActivityTriggers<T>(db: Database, companyId: string, fn: () => Promise<T>): Promise<T> {
  await db.execute(sql`ALTER TABLE activities DISABLE TRIGGER activities_rollup`);
  await db.execute(sql`ALTER TABLE activities DISABLE TRIGGER activities_notify`);
  try {
    return await fn();
  } finally {
    await db.execute(sql`ALTER TABLE activities ENABLE TRIGGER activities_rollup`);
    await db.execute(sql`ALTER TABLE activities ENABLE TRIGGER activities_notify`);
    await rebuildDailyStats(db, companyId);
  }
}

/**
 * Recomputes one company's daily_user_stats from its activities: the sums of what each activity
 * adds to its day (daily_stats_delta, the trigger's arithmetic; inlined, so no call per row). Rows
 * go in day by day, the physical order the trigger produces as days go by, so a range of days reads
 * a few adjacent pages rather than one page per row.
 */
export async function rebuildDailyStats(db: Database, companyId: string): Promise<void> {
  await withInstance(db, { companyId: toCompanyId(companyId), userId: null }, async (tx) => {
    await tx.execute(sql`DELETE FROM daily_user_stats WHERE company_id = ${companyId}`);
    await tx.execute(sql`
      INSERT INTO daily_user_stats (company_id, day, user_id, calls, answered, unanswered, meetings_booked,
        meetings_completed, moved_forward, emails, linkedin, sales, revenue, points, activities, bonus_calls, sale_max, sale_min,
        call_points, meeting_points, sale_points, email_points, linkedin_points)
      SELECT a.company_id, a.local_date, a.user_id,
        sum(d.calls), sum(d.answered), sum(d.unanswered), sum(d.meetings_booked), sum(d.meetings_completed),
        sum(d.moved_forward), sum(d.emails), sum(d.linkedin), sum(d.sales), sum(d.revenue), sum(d.points),
        sum(d.activities), sum(d.bonus_calls), max(d.sale_max), min(d.sale_min),
        sum(d.call_points), sum(d.meeting_points), sum(d.sale_points), sum(d.email_points), sum(d.linkedin_points)
      FROM activities a, daily_stats_delta(a, 1) d
      WHERE a.company_id = ${companyId}
      GROUP BY a.company_id, a.local_date, a.user_id
      ORDER BY a.local_date, a.user_id`);
  });
}
