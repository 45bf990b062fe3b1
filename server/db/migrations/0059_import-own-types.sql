-- An import's rows of a company's own type (decision 100) reach the type rollup too. The type
-- rollup's trigger passes over an import's own rows (is_bulk_import_row), as the daily rollup's
-- does: apply_import_days_to_daily_stats now applies each of them to activity_type_day_stats with
-- the per-row function the trigger uses, on commit (after inserting) and undo (before deleting).
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
    PERFORM apply_activity_to_type_stats(a, sign)
       FROM activities a
      WHERE a.company_id = p_company AND a.user_id = p.user_id AND a.local_date = p.day AND a.import_id = p_import
        AND a.type_id IS NOT NULL;
  END LOOP;
END
$$;
--> statement-breakpoint
-- The daily bonus of an own type on one member's day, settled after some of the type left it: the
-- statement logging's delete runs (activities.repository.ts, SETTLE_TYPE_BONUS_SQL), as a function
-- for the undo of an import. Taken off the activity that carries it when the day has fewer than the
-- bonus's number; given to the day's latest of the type when none carries it and the day has it.
CREATE OR REPLACE FUNCTION settle_type_bonus(p_company uuid, p_user text, p_day date, p_type uuid, p_at timestamptz) RETURNS void
LANGUAGE sql AS $$
WITH type AS (
  SELECT (bonus ->> 'threshold')::int AS threshold, (bonus ->> 'points')::int AS points
    FROM activity_types WHERE company_id = p_company AND id = p_type
), day AS (
  SELECT id, created_at, bonus_points FROM activities
   WHERE company_id = p_company AND user_id = p_user AND local_date = p_day AND type_id = p_type
   FOR UPDATE
), taken AS (
  UPDATE activities a SET points_earned = a.points_earned - a.bonus_points, bonus_points = 0, updated_at = p_at
    FROM day
   WHERE a.id = day.id AND day.bonus_points > 0
     AND (SELECT count(*) FROM day) < coalesce((SELECT threshold FROM type), 2147483647)
  RETURNING a.id
)
UPDATE activities a SET points_earned = a.points_earned + t.points, bonus_points = t.points, updated_at = p_at
  FROM type t
 WHERE t.points IS NOT NULL
   AND a.id = (SELECT id FROM day ORDER BY created_at DESC, id DESC LIMIT 1)
   AND NOT EXISTS (SELECT 1 FROM day WHERE bonus_points > 0)
   AND (SELECT count(*) FROM day) >= t.threshold
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION settle_type_bonus(uuid, text, date, uuid, timestamptz) TO app_user;
--> statement-breakpoint
-- Undoing an import's day: as before, and then for each own type the import had on the day, the
-- type rollup's smallest and largest values read again from what is left (they were taken away
-- before the delete, while the rows were still there) and the type's daily bonus settled.
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
