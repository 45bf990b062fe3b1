ALTER TABLE "daily_user_stats" ADD COLUMN "call_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_user_stats" ADD COLUMN "meeting_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_user_stats" ADD COLUMN "sale_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_user_stats" ADD COLUMN "email_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_user_stats" ADD COLUMN "linkedin_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The points of each built-in kind per member and day (decision 110), so a KPI sums the points of
-- calls alone as it sums an own type's. The rollup's functions are restated whole (as in migration
-- 0064, which this follows): what one activity adds to its day's row now carries its points under its
-- kind as well; an own type's ('custom') points stay in `points` only (its own rollup keeps them by type).
CREATE OR REPLACE FUNCTION daily_stats_delta(a activities, sign integer) RETURNS SETOF daily_user_stats
LANGUAGE sql IMMUTABLE ROWS 1 AS $$
  SELECT a.company_id, a.local_date, a.user_id,
    sign * (a.type IN ('call_answered', 'call_unanswered'))::int,
    sign * (a.type = 'call_answered')::int,
    sign * (a.type = 'call_unanswered')::int,
    sign * (a.meeting_booked)::int,
    sign * (a.type = 'meeting')::int,
    sign * (a.moved_forward)::int,
    sign * (a.type = 'email')::int,
    sign * (a.type = 'linkedin')::int,
    sign * (a.type = 'sale')::int,
    sign * (CASE WHEN a.type = 'sale' THEN coalesce(a.ticket_size, 0) ELSE 0 END)::bigint,
    sign * a.points_earned,
    sign,
    sign * (a.daily_bonus)::int,
    CASE WHEN a.type = 'sale' THEN a.ticket_size END,
    CASE WHEN a.type = 'sale' THEN a.ticket_size END,
    sign * (CASE WHEN a.type IN ('call_answered', 'call_unanswered') THEN a.points_earned ELSE 0 END),
    sign * (CASE WHEN a.type = 'meeting' THEN a.points_earned ELSE 0 END),
    sign * (CASE WHEN a.type = 'sale' THEN a.points_earned ELSE 0 END),
    sign * (CASE WHEN a.type = 'email' THEN a.points_earned ELSE 0 END),
    sign * (CASE WHEN a.type = 'linkedin' THEN a.points_earned ELSE 0 END)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_to_daily_stats(d daily_user_stats) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_user_stats AS s SELECT (d).*
  ON CONFLICT (company_id, day, user_id) DO UPDATE SET
    calls = s.calls + excluded.calls,
    answered = s.answered + excluded.answered,
    unanswered = s.unanswered + excluded.unanswered,
    meetings_booked = s.meetings_booked + excluded.meetings_booked,
    meetings_completed = s.meetings_completed + excluded.meetings_completed,
    moved_forward = s.moved_forward + excluded.moved_forward,
    emails = s.emails + excluded.emails,
    linkedin = s.linkedin + excluded.linkedin,
    sales = s.sales + excluded.sales,
    revenue = s.revenue + excluded.revenue,
    points = s.points + excluded.points,
    activities = s.activities + excluded.activities,
    bonus_calls = s.bonus_calls + excluded.bonus_calls,
    sale_max = CASE WHEN excluded.activities > 0 THEN greatest(s.sale_max, excluded.sale_max) ELSE s.sale_max END,
    sale_min = CASE WHEN excluded.activities > 0 THEN least(s.sale_min, excluded.sale_min) ELSE s.sale_min END,
    call_points = s.call_points + excluded.call_points,
    meeting_points = s.meeting_points + excluded.meeting_points,
    sale_points = s.sale_points + excluded.sale_points,
    email_points = s.email_points + excluded.email_points,
    linkedin_points = s.linkedin_points + excluded.linkedin_points;
  IF d.activities < 0 THEN
    DELETE FROM daily_user_stats
     WHERE company_id = d.company_id AND day = d.day AND user_id = d.user_id AND activities = 0;
    IF d.sales < 0 THEN
      UPDATE daily_user_stats s SET (sale_max, sale_min) = (
               SELECT max(a.ticket_size), min(a.ticket_size) FROM activities a
                WHERE a.company_id = d.company_id AND a.user_id = d.user_id AND a.local_date = d.day AND a.type = 'sale')
       WHERE s.company_id = d.company_id AND s.day = d.day AND s.user_id = d.user_id
         AND (s.sale_max <= d.sale_max OR s.sale_min >= d.sale_min);
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
-- An import's slice: as migration 0064, its rows' points by kind taken in with the sums.
CREATE OR REPLACE FUNCTION apply_import_days_to_daily_stats(p_company uuid, p_import uuid, p_days json, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE p record;
BEGIN
  FOR p IN SELECT * FROM json_to_recordset(p_days) AS x(user_id text, day date) LOOP
    PERFORM add_to_daily_stats(ROW(
      p_company, p.day, p.user_id,
      sum(d.calls)::int, sum(d.answered)::int, sum(d.unanswered)::int, sum(d.meetings_booked)::int,
      sum(d.meetings_completed)::int, sum(d.moved_forward)::int, sum(d.emails)::int, sum(d.linkedin)::int,
      sum(d.sales)::int, sum(d.revenue)::bigint, sum(d.points)::int, sum(d.activities)::int, sum(d.bonus_calls)::int,
      max(d.sale_max), min(d.sale_min),
      sum(d.call_points)::int, sum(d.meeting_points)::int, sum(d.sale_points)::int, sum(d.email_points)::int,
      sum(d.linkedin_points)::int
    )::daily_user_stats)
    FROM activities a, daily_stats_delta(a, sign) d
    WHERE a.company_id = p_company AND a.user_id = p.user_id AND a.local_date = p.day AND a.import_id = p_import
    HAVING count(*) > 0;
    PERFORM apply_activity_to_type_stats(a, sign)
       FROM activities a
      WHERE a.company_id = p_company AND a.user_id = p.user_id AND a.local_date = p.day AND a.import_id = p_import
        AND a.type_id IS NOT NULL;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The days there are: their points by kind from their activities, every company's (as the migration
-- owner with the policies lifted for this transaction only, as migration 0064).
ALTER TABLE daily_user_stats NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activities NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE daily_user_stats s SET (call_points, meeting_points, sale_points, email_points, linkedin_points) = (
         SELECT coalesce(sum(a.points_earned) FILTER (WHERE a.type IN ('call_answered', 'call_unanswered')), 0),
                coalesce(sum(a.points_earned) FILTER (WHERE a.type = 'meeting'), 0),
                coalesce(sum(a.points_earned) FILTER (WHERE a.type = 'sale'), 0),
                coalesce(sum(a.points_earned) FILTER (WHERE a.type = 'email'), 0),
                coalesce(sum(a.points_earned) FILTER (WHERE a.type = 'linkedin'), 0)
           FROM activities a
          WHERE a.company_id = s.company_id AND a.user_id = s.user_id AND a.local_date = s.day);
--> statement-breakpoint
ALTER TABLE daily_user_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activities FORCE ROW LEVEL SECURITY;
