ALTER TABLE "activity_type_day_stats" ADD COLUMN "mins" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_type_day_stats" ADD COLUMN "maxes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Minimum and maximum KPIs (decision 100): each rollup row keeps its number and money fields'
-- smallest and largest value. A value logged can only widen them (a merge, as sums add up); a value
-- removed may have been the extreme, so that member's day of the type and outcome is read again
-- (a handful of rows, by activities_company_user_day_idx).
CREATE OR REPLACE FUNCTION jsonb_extreme_numbers(a jsonb, b jsonb, largest boolean) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(k, v), '{}'::jsonb)
    FROM (SELECT k, CASE WHEN largest THEN max(v) ELSE min(v) END AS v
            FROM (SELECT key AS k, value::numeric AS v FROM jsonb_each_text(a)
                  UNION ALL SELECT key, value::numeric FROM jsonb_each_text(b)) x
           GROUP BY k) y
$$;
--> statement-breakpoint
-- The extremes of one member's day of a type and outcome, read from its activities.
CREATE OR REPLACE FUNCTION type_stats_extremes(p_company uuid, p_user text, p_day date, p_type uuid, p_outcome text,
                                               OUT mins jsonb, OUT maxes jsonb)
LANGUAGE sql STABLE AS $$
  SELECT coalesce(jsonb_object_agg(id, lo), '{}'::jsonb), coalesce(jsonb_object_agg(id, hi), '{}'::jsonb)
    FROM (SELECT f ->> 'id' AS id, min((r.field_values ->> (f ->> 'id'))::numeric) AS lo,
                 max((r.field_values ->> (f ->> 'id'))::numeric) AS hi
            FROM activities r
            JOIN activity_types t ON t.company_id = r.company_id AND t.id = r.type_id
            CROSS JOIN jsonb_array_elements(t.fields) f
           WHERE r.company_id = p_company AND r.user_id = p_user AND r.local_date = p_day AND r.type_id = p_type
             AND coalesce(r.outcome_id, '') = p_outcome
             AND f ->> 'kind' IN ('number', 'money') AND jsonb_typeof(r.field_values -> (f ->> 'id')) = 'number'
           GROUP BY 1) per_field
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION apply_activity_to_type_stats(a activities, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_sums jsonb;
  v_counts jsonb;
BEGIN
  SELECT
    coalesce(jsonb_object_agg(f ->> 'id', sign * (a.field_values ->> (f ->> 'id'))::numeric)
      FILTER (WHERE f ->> 'kind' IN ('number', 'money') AND jsonb_typeof(a.field_values -> (f ->> 'id')) = 'number'), '{}'::jsonb),
    coalesce(jsonb_object_agg(
      CASE WHEN f ->> 'kind' IN ('number', 'money') THEN f ->> 'id' ELSE (f ->> 'id') || ':' || (a.field_values ->> (f ->> 'id')) END, sign)
      FILTER (WHERE (f ->> 'kind' IN ('choice', 'yes_no') AND jsonb_typeof(a.field_values -> (f ->> 'id')) IN ('string', 'boolean'))
                 OR (f ->> 'kind' IN ('number', 'money') AND jsonb_typeof(a.field_values -> (f ->> 'id')) = 'number')), '{}'::jsonb)
  INTO v_sums, v_counts
  FROM activity_types t, jsonb_array_elements(t.fields) f
  WHERE t.company_id = a.company_id AND t.id = a.type_id;

  -- Logged (sign 1): the values themselves are the row's new extremes where they go beyond them.
  INSERT INTO activity_type_day_stats AS s (company_id, day, user_id, type_id, outcome_id, activities, points, bonus_taken, sums, counts, mins, maxes)
  VALUES (a.company_id, a.local_date, a.user_id, a.type_id, coalesce(a.outcome_id, ''), sign, sign * a.points_earned,
          sign * (a.bonus_points > 0)::int, coalesce(v_sums, '{}'::jsonb), coalesce(v_counts, '{}'::jsonb),
          CASE WHEN sign > 0 THEN coalesce(v_sums, '{}'::jsonb) ELSE '{}'::jsonb END,
          CASE WHEN sign > 0 THEN coalesce(v_sums, '{}'::jsonb) ELSE '{}'::jsonb END)
  ON CONFLICT (company_id, day, user_id, type_id, outcome_id) DO UPDATE SET
    activities = s.activities + excluded.activities,
    points = s.points + excluded.points,
    bonus_taken = s.bonus_taken + excluded.bonus_taken,
    sums = jsonb_add_numbers(s.sums, excluded.sums),
    counts = jsonb_add_numbers(s.counts, excluded.counts),
    mins = jsonb_extreme_numbers(s.mins, excluded.mins, false),
    maxes = jsonb_extreme_numbers(s.maxes, excluded.maxes, true);
  IF sign < 0 THEN
    DELETE FROM activity_type_day_stats
     WHERE company_id = a.company_id AND day = a.local_date AND user_id = a.user_id AND type_id = a.type_id
       AND outcome_id = coalesce(a.outcome_id, '') AND activities = 0;
    -- A value taken away may have been the day's extreme: read what is left (an AFTER trigger sees it).
    IF v_sums <> '{}'::jsonb THEN
      UPDATE activity_type_day_stats s SET (mins, maxes) = (
               SELECT e.mins, e.maxes FROM type_stats_extremes(a.company_id, a.user_id, a.local_date, a.type_id, coalesce(a.outcome_id, '')) e)
       WHERE s.company_id = a.company_id AND s.day = a.local_date AND s.user_id = a.user_id AND s.type_id = a.type_id
         AND s.outcome_id = coalesce(a.outcome_id, '');
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
-- The extremes of the rows already kept, read from the activities (across companies, as the
-- migration owner: the policies are lifted for this transaction only and forced again below).
ALTER TABLE activity_type_day_stats NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activities NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_types NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE activity_type_day_stats s SET (mins, maxes) = (
         SELECT e.mins, e.maxes FROM type_stats_extremes(s.company_id, s.user_id, s.day, s.type_id, s.outcome_id) e);
--> statement-breakpoint
ALTER TABLE activity_type_day_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activities FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_types FORCE ROW LEVEL SECURITY;
