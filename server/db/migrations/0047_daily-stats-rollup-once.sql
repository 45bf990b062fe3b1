-- The rollup's arithmetic, written once. Until now what an activity adds to its day's row of
-- daily_user_stats was spelled out twice: per row in apply_activity_to_daily_stats (0001, 0013: the
-- activities_rollup trigger) and per (member, day) of an import in apply_import_days_to_daily_stats
-- (0017, 0041), with the same upsert under each. Both now call the two functions below; what they
-- compute is unchanged.
--
-- (1) daily_stats_delta: what one activity adds to its day's row (sign 1) or takes away (-1), as a
-- row of daily_user_stats. SETOF with one row so that a query's FROM inlines it (an import sums the
-- deltas of thousands of rows in one statement, as plain column arithmetic, no call per row).
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
    sign * (a.daily_bonus)::int
$$;
--> statement-breakpoint
-- (2) add_to_daily_stats: adds a delta (one activity's, or the sum of several on the same member and
-- day) to its day's row, making the row when there is none. A day whose last activity went away has
-- no row, like a day that never had one.
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
    bonus_calls = s.bonus_calls + excluded.bonus_calls;
  IF d.activities < 0 THEN
    DELETE FROM daily_user_stats
     WHERE company_id = d.company_id AND day = d.day AND user_id = d.user_id AND activities = 0;
  END IF;
END
$$;
--> statement-breakpoint
-- (3) The trigger's step (activities_rollup_trigger, 0017, calls it for OLD with -1 and NEW with 1).
CREATE OR REPLACE FUNCTION apply_activity_to_daily_stats(a activities, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_daily_stats(d) FROM daily_stats_delta(a, sign) d;
END
$$;
--> statement-breakpoint
-- (4) An import's slice (0041): per (member, day) pair, the sum of the deltas of the import's rows
-- there, one statement per pair found through activities_company_user_day_idx as before. A pair
-- with none of the import's rows adds nothing.
CREATE OR REPLACE FUNCTION apply_import_days_to_daily_stats(p_company uuid, p_import uuid, p_days json, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE p record;
BEGIN
  FOR p IN SELECT * FROM json_to_recordset(p_days) AS x(user_id text, day date) LOOP
    PERFORM add_to_daily_stats(ROW(
      p_company, p.day, p.user_id,
      sum(d.calls)::int, sum(d.answered)::int, sum(d.unanswered)::int, sum(d.meetings_booked)::int,
      sum(d.meetings_completed)::int, sum(d.moved_forward)::int, sum(d.emails)::int, sum(d.linkedin)::int,
      sum(d.sales)::int, sum(d.revenue)::bigint, sum(d.points)::int, sum(d.activities)::int, sum(d.bonus_calls)::int
    )::daily_user_stats)
    FROM activities a, daily_stats_delta(a, sign) d
    WHERE a.company_id = p_company AND a.user_id = p.user_id AND a.local_date = p.day AND a.import_id = p_import
    HAVING count(*) > 0;
  END LOOP;
END
$$;
