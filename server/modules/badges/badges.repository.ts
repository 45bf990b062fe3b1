import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { badges, badgeSettings } from '../../db/schema';
import { queryPrepared } from '../../db/prepared';
import { type CompanyId, type CompanyScope, type UserId, withTenant } from '../../db/tenant';

export type BadgeRow = typeof badges.$inferSelect;

/** A badge as the award statements return it (json: both engines agree on the types). */
export type EarnedBadgeRow = {
  id: string;
  user_id: string;
  kind: string;
  occasion: string;
  local_date: string;
  data: Record<string, number | string | null>;
  earned_at: string;
  team_id: string | null;
};

/** What one write asks of the rules: the member's day, and the keys of its week and month. */
export type AwardInput = {
  companyId: CompanyId;
  userId: UserId;
  day: string;
  /** 'call', 'sale' or another kind: only a sale counts sales ever, only a call a week's calls. */
  kind: string;
  at: Date;
  weekStart: string;
  week: string;
  monthStart: string;
  nextMonthStart: string;
  /** The first day of the same month a year earlier: the team's record is over the 12 months before. */
  yearAgo: string;
  /** The days read around `day` for a streak of the daily goal (late logs join the days after). */
  streakFrom: string;
  streakTo: string;
};

export type AwardResult = {
  earned: EarnedBadgeRow[];
  /** The member's team (null: none); their feed events carry it. */
  teamId: string | null;
  /** Null unless the day met the daily goal and enough days around it did too for a streak. */
  streak: { met: string[]; country: string | null; timeZone: string | null; daysOff: string[]; earnedFrom: string[] } | null;
};

/*
 * The rules that the rollups decide, in one statement after the write (decision 050). Every part
 * reads daily_user_stats (never activities), and the costly parts are guarded by conditions that
 * hold no row reference, which PostgreSQL evaluates once and which skip the scan when false:
 *   - sales ever: only on a sale, and only while first_sale or tenth_sale is still to earn;
 *   - the week's calls: only on a call (at most 7 rows);
 *   - a personal best day: the member's own days (one index range);
 *   - the team's best month: only while the member's month beats their own earlier months and the
 *     badge for this month is not yet theirs, then the team's days of the 12 months before;
 *   - a goal streak: the days around the day, only when the day met every daily goal that is set.
 * Candidates that are switched off are dropped; the unique key (member, kind, occasion) with
 * ON CONFLICT DO NOTHING makes concurrent writes earn a badge once. Reads of profiles, goals and
 * the calendar are by the raw statement only, for the write path's budget (one round trip). For the
 * same reason it reads daily_user_stats itself rather than through the rollup's reader
 * (daily-stats): only the columns whose stored names are the reader's names too (points, calls,
 * meetings_booked, sales).
 *   $1 company, $2 user, $3 day, $4 at, $5 activity kind, $6 week start, $7 week key,
 *   $8 month start, $9 next month start, $10 month key, $11 a year before the month,
 *   $12 streak from, $13 streak to
 */
const AWARD_BADGES_SQL = `WITH
off AS (SELECT coalesce((SELECT disabled_kinds FROM badge_settings WHERE company_id = $1::uuid), '{}'::text[]) AS kinds),
me AS (SELECT team_id FROM profiles WHERE company_id = $1::uuid AND user_id = $2::text),
today AS (
  SELECT points, calls, meetings_booked, sales FROM daily_user_stats
   WHERE company_id = $1::uuid AND user_id = $2::text AND day = $3::date
),
sales_ever AS (
  SELECT coalesce(sum(sales), 0)::int AS n FROM daily_user_stats
   WHERE $5::text = 'sale' AND company_id = $1::uuid AND user_id = $2::text
     AND (SELECT count(*) FROM badges WHERE company_id = $1::uuid AND user_id = $2::text
            AND kind IN ('first_sale', 'tenth_sale') AND occasion = '') < 2
),
week AS (
  SELECT coalesce(sum(calls), 0)::int AS calls FROM daily_user_stats
   WHERE $5::text = 'call' AND company_id = $1::uuid AND user_id = $2::text AND day >= $6::date AND day < $6::date + 7
),
mine AS (
  SELECT max(points) FILTER (WHERE day <> $3::date) AS best_day,
         count(*) FILTER (WHERE day <> $3::date AND points > 0)::int AS active_days,
         coalesce(sum(points) FILTER (WHERE day >= $8::date AND day < $9::date), 0)::int AS month_points
    FROM daily_user_stats WHERE company_id = $1::uuid AND user_id = $2::text
),
my_months AS (
  SELECT coalesce(max(p), 0)::int AS best FROM (
    SELECT sum(points) AS p FROM daily_user_stats
     WHERE company_id = $1::uuid AND user_id = $2::text AND day >= $11::date AND day < $8::date
     GROUP BY date_trunc('month', day)) m
),
team_record AS (
  SELECT coalesce(max(p), 0)::int AS best FROM (
    SELECT sum(s.points) AS p FROM daily_user_stats s
     WHERE (SELECT month_points FROM mine) > (SELECT best FROM my_months)
       AND NOT EXISTS (SELECT 1 FROM off WHERE 'team_best_month' = ANY (off.kinds))
       AND NOT EXISTS (SELECT 1 FROM badges WHERE company_id = $1::uuid AND user_id = $2::text
                         AND kind = 'team_best_month' AND occasion = $10::text)
       AND s.company_id = $1::uuid AND s.day >= $11::date AND s.day < $8::date
       AND s.user_id IN (SELECT p.user_id FROM profiles p WHERE p.company_id = $1::uuid
                           AND p.team_id IS NOT DISTINCT FROM (SELECT team_id FROM me))
     GROUP BY s.user_id, date_trunc('month', s.day)) m
),
goal AS (
  SELECT daily_calls, daily_meetings, daily_sales FROM goals
   WHERE company_id = $1::uuid AND user_id = $2::text AND (daily_calls > 0 OR daily_meetings > 0 OR daily_sales > 0)
),
met AS (
  SELECT s.day FROM daily_user_stats s, goal g
   WHERE NOT EXISTS (SELECT 1 FROM off WHERE 'goal_streak' = ANY (off.kinds))
     AND EXISTS (SELECT 1 FROM today t WHERE t.calls >= g.daily_calls AND t.meetings_booked >= g.daily_meetings AND t.sales >= g.daily_sales)
     AND s.company_id = $1::uuid AND s.user_id = $2::text AND s.day >= $12::date AND s.day <= $13::date
     AND s.calls >= g.daily_calls AND s.meetings_booked >= g.daily_meetings AND s.sales >= g.daily_sales
),
candidates (kind, occasion, data) AS (
  SELECT 'first_sale', '', jsonb_build_object('sales', n) FROM sales_ever WHERE n >= 1
  UNION ALL
  SELECT 'tenth_sale', '', jsonb_build_object('sales', n) FROM sales_ever WHERE n >= 10
  UNION ALL
  SELECT 'hundred_calls_week', $7::text, jsonb_build_object('calls', calls, 'week', $7::text) FROM week WHERE calls >= 100
  UNION ALL
  SELECT 'personal_best_day', $3::date::text, jsonb_build_object('points', t.points, 'previousBest', m.best_day)
    FROM today t, mine m WHERE m.active_days >= 5 AND m.best_day > 0 AND t.points > m.best_day
  UNION ALL
  SELECT 'team_best_month', $10::text,
         jsonb_build_object('points', m.month_points, 'previousBest', r.best, 'month', $10::text, 'teamId', (SELECT team_id FROM me))
    FROM mine m, team_record r WHERE r.best > 0 AND m.month_points > r.best
),
earned AS (
  INSERT INTO badges (company_id, user_id, kind, occasion, local_date, data, earned_at)
  SELECT $1::uuid, $2::text, c.kind, c.occasion, $3::date, c.data, $4::timestamptz
    FROM candidates c, off WHERE NOT (c.kind = ANY (off.kinds))
  ON CONFLICT DO NOTHING
  RETURNING id, user_id, kind, occasion, local_date::text AS local_date, data, earned_at
)
SELECT
  (SELECT coalesce(json_agg(json_build_object('id', id, 'user_id', user_id, 'kind', kind, 'occasion', occasion,
      'local_date', local_date, 'data', data, 'earned_at', earned_at)), '[]'::json) FROM earned) AS earned,
  (SELECT team_id FROM me) AS team_id,
  CASE WHEN (SELECT count(*) FROM met) >= 5 THEN json_build_object(
    'met', (SELECT json_agg(day::text ORDER BY day) FROM met),
    'country', (SELECT country FROM company_calendars WHERE company_id = $1::uuid),
    'timeZone', (SELECT timezone FROM companies WHERE id = $1::uuid),
    'daysOff', (SELECT coalesce(json_agg(day::text), '[]'::json) FROM company_days_off
                 WHERE company_id = $1::uuid AND day >= $12::date AND day <= $13::date),
    'earnedFrom', (SELECT coalesce(json_agg(occasion), '[]'::json) FROM badges
                    WHERE company_id = $1::uuid AND user_id = $2::text AND kind = 'goal_streak'
                      AND occasion >= $12::date::text AND occasion <= $13::date::text))
  END AS streak`;

type AwardRow = { earned: Omit<EarnedBadgeRow, 'team_id'>[]; team_id: string | null; streak: AwardResult['streak'] };

/** Transaction step: evaluates the rules on the rollups after a write and inserts what was earned. */
export async function awardBadgesIn(tx: Transaction, input: AwardInput): Promise<AwardResult> {
  const [row] = await queryPrepared<AwardRow>(tx, 'badges_award', AWARD_BADGES_SQL, [
    input.companyId,
    input.userId,
    input.day,
    input.at.toISOString(),
    input.kind,
    input.weekStart,
    input.week,
    input.monthStart,
    input.nextMonthStart,
    input.day.slice(0, 7),
    input.yearAgo,
    input.streakFrom,
    input.streakTo,
  ]);
  const teamId = row!.team_id;
  return { earned: row!.earned.map((badge) => ({ ...badge, team_id: teamId })), teamId, streak: row!.streak };
}

/**
 * Inserts badges of one kind for members of the company, once per member and occasion, unless the
 * kind is switched off; returns those earned now (with each member's team). Members not in the
 * company are left out.
 */
export async function insertBadgesIn(
  tx: Transaction,
  companyId: CompanyId,
  input: { kind: string; occasion: string; localDate: string; userIds: readonly string[]; data: Record<string, unknown> },
  at: Date,
): Promise<EarnedBadgeRow[]> {
  if (input.userIds.length === 0) return [];
  const result = await tx.execute<{ earned: EarnedBadgeRow[] }>(sql`
    WITH earned AS (
      INSERT INTO badges (company_id, user_id, kind, occasion, local_date, data, earned_at)
      SELECT ${companyId}::uuid, p.user_id, ${input.kind}, ${input.occasion}, ${input.localDate}::date, ${JSON.stringify(input.data)}::jsonb,
             ${at.toISOString()}::timestamptz
        FROM profiles p
       WHERE p.company_id = ${companyId}::uuid AND p.user_id IN (SELECT json_array_elements_text(${JSON.stringify(input.userIds)}::json))
         AND NOT (${input.kind} = ANY (coalesce((SELECT disabled_kinds FROM badge_settings WHERE company_id = ${companyId}::uuid), '{}'::text[])))
      ON CONFLICT DO NOTHING
      RETURNING id, user_id, kind, occasion, local_date::text AS local_date, data, earned_at
    )
    SELECT coalesce(json_agg(json_build_object('id', e.id, 'user_id', e.user_id, 'kind', e.kind, 'occasion', e.occasion,
             'local_date', e.local_date, 'data', e.data, 'earned_at', e.earned_at, 'team_id', p.team_id) ORDER BY e.user_id), '[]'::json) AS earned
      FROM earned e JOIN profiles p ON p.company_id = ${companyId}::uuid AND p.user_id = e.user_id`);
  return (result as unknown as { rows: { earned: EarnedBadgeRow[] }[] }).rows[0]!.earned;
}

/** One member's badges, newest first; null when the company has no such member (now or once). */
export async function findMemberBadges(db: Database, scope: CompanyScope, userId: string): Promise<BadgeRow[] | null> {
  return withTenant(db, scope, async (tx) => {
    // Whether the person is (or was) a member: the profile's row, read for this check only.
    const member = await tx.execute(sql`SELECT 1 FROM profiles WHERE company_id = ${scope.companyId} AND user_id = ${userId}`);
    if ((member as unknown as { rows: unknown[] }).rows.length === 0) return null;
    return tx
      .select()
      .from(badges)
      .where(and(eq(badges.companyId, scope.companyId), eq(badges.userId, userId as UserId)))
      .orderBy(desc(badges.earnedAt), desc(badges.id));
  });
}

/** Transaction step: the company's badges earned since `since`, of some members (all when null), newest first. */
export async function selectRecentBadgesIn(
  tx: Transaction,
  companyId: CompanyId,
  since: Date,
  userIds: readonly string[] | null,
): Promise<(Pick<BadgeRow, 'userId' | 'kind' | 'earnedAt'> & { companyBadgeId: string | null })[]> {
  if (userIds !== null && userIds.length === 0) return [];
  return tx
    .select({
      userId: badges.userId,
      kind: badges.kind,
      companyBadgeId: sql<string | null>`${badges.data} ->> 'companyBadgeId'`,
      earnedAt: badges.earnedAt,
    })
    .from(badges)
    .where(
      and(
        eq(badges.companyId, companyId),
        gte(badges.earnedAt, since),
        userIds === null ? undefined : inArray(badges.userId, userIds as UserId[]),
      ),
    )
    .orderBy(desc(badges.earnedAt), desc(badges.id));
}

/** The kinds the company switched off. */
export async function selectDisabledKindsIn(tx: Transaction, companyId: CompanyId): Promise<string[]> {
  const [row] = await tx.select({ kinds: badgeSettings.disabledKinds }).from(badgeSettings).where(eq(badgeSettings.companyId, companyId));
  return row?.kinds ?? [];
}

/** Sets the kinds the company switched off, locking the row (an admin's two switches in a row each see the other). */
export async function upsertDisabledKindsIn(
  tx: Transaction,
  companyId: CompanyId,
  change: (current: string[]) => string[],
  at: Date,
): Promise<{ before: string[]; after: string[] }> {
  await tx.insert(badgeSettings).values({ companyId, disabledKinds: [], updatedAt: at }).onConflictDoNothing();
  const [row] = await tx
    .select({ kinds: badgeSettings.disabledKinds })
    .from(badgeSettings)
    .where(eq(badgeSettings.companyId, companyId))
    .for('update');
  const before = row?.kinds ?? [];
  const after = change(before);
  await tx.update(badgeSettings).set({ disabledKinds: after, updatedAt: at }).where(eq(badgeSettings.companyId, companyId));
  return { before, after };
}

/** Transaction step (personal data): a member's badges in one company, oldest first. */
export async function selectBadgesOfIn(tx: Transaction, companyId: CompanyId, userId: UserId): Promise<BadgeRow[]> {
  return tx
    .select()
    .from(badges)
    .where(and(eq(badges.companyId, companyId), eq(badges.userId, userId)))
    .orderBy(badges.earnedAt, badges.id);
}
