-- The daily bonus of an own type on one member's day, settled after some of the type left it
-- (decision 100): one statement, in one place. Logging's delete and move ran their own copy
-- (activities.repository.ts) beside this function, which an import's undo runs; both now run this.
-- PL/pgSQL so each session keeps its plan (a SQL function's statement is planned on every call).
CREATE OR REPLACE FUNCTION settle_type_bonus(p_company uuid, p_user text, p_day date, p_type uuid, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
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
   AND (SELECT count(*) FROM day) >= t.threshold;
END
$$;
