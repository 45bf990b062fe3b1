ALTER TABLE "daily_user_stats" ADD COLUMN "sale_max" bigint;--> statement-breakpoint
ALTER TABLE "daily_user_stats" ADD COLUMN "sale_min" bigint;--> statement-breakpoint
-- The built-in sale's largest and smallest value per member and day (decision 109), so a KPI can
-- rank the largest sale of a month from the rollup as it ranks an own type's largest contract
-- (decision 101, migration 0056). The rollup's functions are restated whole (a function is replaced,
-- not patched): what one activity adds to its day's row now carries its sale value as both extremes.
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
    CASE WHEN a.type = 'sale' THEN a.ticket_size END
$$;
--> statement-breakpoint
-- Adding widens the extremes. Taking away cannot narrow them by arithmetic: when a sale that may have
-- been the day's largest or smallest goes (its value at or beyond one of them), both are read again
-- from the day's sales left (the trigger runs after the row changed, so it sees them; an edited sale
-- is read at its new value). A day whose last activity went away has no row, as before.
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
    sale_min = CASE WHEN excluded.activities > 0 THEN least(s.sale_min, excluded.sale_min) ELSE s.sale_min END;
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
-- An import's slice: as migration 0059, its rows' extremes taken in with the sums.
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
      max(d.sale_max), min(d.sale_min)
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
-- Undoing an import's day: as migration 0059, and then the day's sale extremes read again from what
-- is left (taking the import's rows out of the rollup read them while they were still there).
CREATE OR REPLACE FUNCTION delete_import_days(p_company uuid, p_import uuid, p_days json)
RETURNS TABLE (user_id text, day date, had_bonus boolean, deleted integer)
LANGUAGE plpgsql AS $$
DECLARE
  d record;
  v_types uuid[];
  v_type uuid;
BEGIN
  FOR d IN SELECT * FROM json_to_recordset(p_days) AS x(user_id text, day date) LOOP
    user_id := d.user_id;
    day := d.day;
    SELECT coalesce(bool_or(a.daily_bonus), false), array_agg(DISTINCT a.type_id) FILTER (WHERE a.type_id IS NOT NULL)
      INTO had_bonus, v_types FROM activities a
     WHERE a.company_id = p_company AND a.user_id = d.user_id AND a.local_date = d.day AND a.import_id = p_import;
    PERFORM apply_import_days_to_daily_stats(p_company, p_import, json_build_array(json_build_object('user_id', d.user_id, 'day', d.day)), -1);
    DELETE FROM activities a
     WHERE a.company_id = p_company AND a.user_id = d.user_id AND a.local_date = d.day AND a.import_id = p_import;
    GET DIAGNOSTICS deleted = ROW_COUNT;
    UPDATE daily_user_stats s SET (sale_max, sale_min) = (
             SELECT max(a.ticket_size), min(a.ticket_size) FROM activities a
              WHERE a.company_id = p_company AND a.user_id = d.user_id AND a.local_date = d.day AND a.type = 'sale')
     WHERE s.company_id = p_company AND s.user_id = d.user_id AND s.day = d.day;
    FOREACH v_type IN ARRAY coalesce(v_types, '{}'::uuid[]) LOOP
      UPDATE activity_type_day_stats s SET (mins, maxes) = (
               SELECT e.mins, e.maxes FROM type_stats_extremes(s.company_id, s.user_id, s.day, s.type_id, s.outcome_id) e)
       WHERE s.company_id = p_company AND s.user_id = d.user_id AND s.day = d.day AND s.type_id = v_type;
      PERFORM settle_type_bonus(p_company, d.user_id, d.day, v_type, now());
    END LOOP;
    RETURN NEXT;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The days that have sales already: their extremes from their sales, every company's (as the migration
-- owner with the policies lifted for this transaction only, as migration 0056).
ALTER TABLE daily_user_stats NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activities NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE daily_user_stats s SET (sale_max, sale_min) = (
         SELECT max(a.ticket_size), min(a.ticket_size) FROM activities a
          WHERE a.company_id = s.company_id AND a.user_id = s.user_id AND a.local_date = s.day AND a.type = 'sale')
 WHERE s.sales > 0;
--> statement-breakpoint
ALTER TABLE daily_user_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activities FORCE ROW LEVEL SECURITY;
