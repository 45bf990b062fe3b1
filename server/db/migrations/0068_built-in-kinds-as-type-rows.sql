-- The five built-in kinds become type rows (issue 29, decision 114): every company has a row for
-- each (`activity_types.key` call, meeting, sale, email, linkedin), and every activity names its
-- type: an own type's as logged, a built-in kind's set from `type` by a trigger. Points, the daily
-- call bonus and the rollups stay as they were: the built-in kinds' points are still the point
-- rules', and their activities stay out of the type rollup (activity_type_day_stats), which the
-- KPIs read for the company's own types only. What reads "an own type" now reads `type = 'custom'`.
--
-- The rows, as the KPIs see the kinds (core/kpi-formulas BUILT_IN_KPI_TYPE_SHAPES: a test holds
-- the two alike): a call's outcomes are the ones computeCallOutcome gives, with not answered first;
-- a sale's value is its money field `value` (kept in activities.ticket_size, as before).
CREATE OR REPLACE FUNCTION insert_built_in_activity_types(p_company uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO activity_types (company_id, key, names, icon, colour, points, outcomes, fields, position)
  VALUES
    (p_company, 'call', '{"en":"Call","nb":"Samtale","sv":"Samtal","da":"Opkald"}', 'phone', 'blue', 0,
     '[{"id":"not_answered","names":{"en":"Not answered","nb":"Ikke besvart","sv":"Inte besvarat","da":"Ikke besvaret"},"points":0,"celebrate":false,"archived":false},
       {"id":"no_progress","names":{"en":"No progress","nb":"Ingen fremgang","sv":"Inget framsteg","da":"Ingen fremgang"},"points":0,"celebrate":false,"archived":false},
       {"id":"moved_forward","names":{"en":"Moved forward","nb":"Kom videre","sv":"Kom vidare","da":"Kom videre"},"points":0,"celebrate":false,"archived":false},
       {"id":"meeting_booked","names":{"en":"Meeting booked","nb":"Møte booket","sv":"Möte bokat","da":"Møde booket"},"points":0,"celebrate":false,"archived":false}]',
     '[]', -5),
    (p_company, 'meeting', '{"en":"Meeting held","nb":"Møte holdt","sv":"Genomfört möte","da":"Afholdt møde"}', 'calendar-check', 'green', 0,
     '[]', '[]', -4),
    (p_company, 'sale', '{"en":"Sale","nb":"Salg","sv":"Affär","da":"Salg"}', 'banknote', 'amber', 0, '[]',
     '[{"id":"value","names":{"en":"Value","nb":"Verdi","sv":"Värde","da":"Værdi"},"kind":"money","required":true,"options":[],"pointsPerUnit":null,"archived":false}]',
     -3),
    (p_company, 'email', '{"en":"E-mail","nb":"E-post","sv":"E-post","da":"E-mail"}', 'mail', 'grey', 0, '[]', '[]', -2),
    (p_company, 'linkedin', '{"en":"LinkedIn","nb":"LinkedIn","sv":"LinkedIn","da":"LinkedIn"}', 'message-square', 'blue', 0, '[]', '[]', -1)
  ON CONFLICT (company_id, key) WHERE key IS NOT NULL DO NOTHING
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION insert_built_in_activity_types(uuid) TO app_user;
--> statement-breakpoint
-- A company is made with its rows, whatever makes it (sign-up, the shared company, seeds, tests):
-- in the scope it is made in, which the policies of both tables ask to be its own.
CREATE OR REPLACE FUNCTION companies_built_in_types() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM insert_built_in_activity_types(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_built_in_types AFTER INSERT ON companies
  FOR EACH ROW EXECUTE FUNCTION companies_built_in_types();
--> statement-breakpoint
-- A built-in kind's activity names its kind's row and, for a call, its outcome, on every insert and
-- on every change of kind or outcome (an edit from answered to not answered, a meeting booked): the
-- write paths (logging, imports, edits, seeds) set `type` and the flags as before. One index read.
CREATE OR REPLACE FUNCTION activities_built_in_type() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.type_id := (SELECT t.id FROM activity_types t
                   WHERE t.company_id = NEW.company_id
                     AND t.key = CASE WHEN NEW.type IN ('call_answered', 'call_unanswered') THEN 'call' ELSE NEW.type END);
  NEW.outcome_id := CASE
    WHEN NEW.type = 'call_unanswered' THEN 'not_answered'
    WHEN NEW.type <> 'call_answered' THEN NULL
    WHEN NEW.meeting_booked THEN 'meeting_booked'
    WHEN NEW.moved_forward THEN 'moved_forward'
    ELSE 'no_progress' END;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_built_in_type BEFORE INSERT OR UPDATE OF type, meeting_booked, moved_forward, type_id, outcome_id ON activities
  FOR EACH ROW WHEN (NEW.type <> 'custom') EXECUTE FUNCTION activities_built_in_type();
--> statement-breakpoint
-- "An own type" is `type = 'custom'` now that every activity has a type_id: the type rollup's
-- trigger (migration 0052), the import's slice (0066) and its undo (0064), restated whole.
CREATE OR REPLACE FUNCTION activities_type_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type = 'custom' AND NOT is_bulk_import_row(OLD.import_id) THEN
    PERFORM apply_activity_to_type_stats(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.type = 'custom' AND NOT is_bulk_import_row(NEW.import_id) THEN
    PERFORM apply_activity_to_type_stats(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER activities_type_rollup_insert ON activities;
--> statement-breakpoint
DROP TRIGGER activities_type_rollup_delete ON activities;
--> statement-breakpoint
DROP TRIGGER activities_type_rollup_update ON activities;
--> statement-breakpoint
-- Only rows of a company's own type wake it: a logged call of a built-in kind pays a WHEN, not a call.
CREATE TRIGGER activities_type_rollup_insert AFTER INSERT ON activities
  FOR EACH ROW WHEN (NEW.type = 'custom') EXECUTE FUNCTION activities_type_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER activities_type_rollup_delete AFTER DELETE ON activities
  FOR EACH ROW WHEN (OLD.type = 'custom') EXECUTE FUNCTION activities_type_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER activities_type_rollup_update
  AFTER UPDATE OF company_id, user_id, local_date, type_id, outcome_id, field_values, points_earned, bonus_points ON activities
  FOR EACH ROW WHEN (OLD.type = 'custom' OR NEW.type = 'custom') EXECUTE FUNCTION activities_type_rollup_trigger();
--> statement-breakpoint
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
        AND a.type = 'custom';
  END LOOP;
END
$$;
--> statement-breakpoint
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
    SELECT coalesce(bool_or(a.daily_bonus), false), array_agg(DISTINCT a.type_id) FILTER (WHERE a.type = 'custom')
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
-- Every activity will have a type_id: the old check (an own type and only it has one) goes first.
ALTER TABLE "activities" DROP CONSTRAINT "activities_custom_type_ck";--> statement-breakpoint
-- The companies there are get their rows, and their activities their type (as the migration owner
-- with the policies lifted for this transaction only, as migration 0066). The activities' own
-- triggers but the one that names them stay off meanwhile: nothing a user sees changes, so neither
-- `updated_at` (the sync feed's cursor) nor any rollup or notification may move.
ALTER TABLE activity_types NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activities NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE companies NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
SELECT insert_built_in_activity_types(c.id) FROM companies c;
--> statement-breakpoint
-- The old partial index (every named activity) would take every row of the backfill; the new one
-- (own types only) is made after it.
DROP INDEX "activities_company_type_idx";
--> statement-breakpoint
ALTER TABLE activities DISABLE TRIGGER USER;
--> statement-breakpoint
-- All but the one that names them, so the kinds are mapped in one place.
ALTER TABLE activities ENABLE TRIGGER activities_built_in_type;
--> statement-breakpoint
UPDATE activities SET type_id = NULL WHERE type <> 'custom';
--> statement-breakpoint
ALTER TABLE activities ENABLE TRIGGER USER;
--> statement-breakpoint
ALTER TABLE activity_types FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activities FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE INDEX "activities_company_type_idx" ON "activities" USING btree ("company_id","type_id") WHERE "activities"."type" = 'custom';--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_type_id_ck" CHECK ("activities"."type_id" is not null);
