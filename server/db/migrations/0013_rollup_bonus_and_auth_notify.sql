ALTER TABLE "daily_user_stats" ADD COLUMN "bonus_calls" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 11. (1) daily_user_stats.bonus_calls counts the day's activities that carry the 20-call
-- bonus, so logging a call reads "bonus already taken" from the rollup row it already reads instead
-- of scanning the day's activities. Same arithmetic as every other rollup column.
CREATE OR REPLACE FUNCTION apply_activity_to_daily_stats(a activities, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_user_stats AS s (
    company_id, day, user_id, calls, answered, unanswered, meetings_booked, meetings_completed,
    moved_forward, emails, linkedin, sales, revenue, points, activities, bonus_calls
  ) VALUES (
    a.company_id, a.local_date, a.user_id,
    sign * (a.type IN ('call_answered', 'call_unanswered'))::int,
    sign * (a.type = 'call_answered')::int,
    sign * (a.type = 'call_unanswered')::int,
    sign * (a.meeting_booked)::int,
    sign * (a.type = 'meeting')::int,
    sign * (a.moved_forward)::int,
    sign * (a.type = 'email')::int,
    sign * (a.type = 'linkedin')::int,
    sign * (a.type = 'sale')::int,
    sign * (CASE WHEN a.type = 'sale' THEN coalesce(a.ticket_size, 0) ELSE 0 END),
    sign * a.points_earned,
    sign,
    sign * (a.daily_bonus)::int
  )
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
  IF sign < 0 THEN
    -- A day whose last activity went away has no row, like a day that never had one.
    DELETE FROM daily_user_stats
     WHERE company_id = a.company_id AND day = a.local_date AND user_id = a.user_id AND activities = 0;
  END IF;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS activities_rollup ON activities;
--> statement-breakpoint
CREATE TRIGGER activities_rollup
  AFTER INSERT OR DELETE OR UPDATE OF company_id, user_id, local_date, type, meeting_booked, moved_forward, ticket_size, points_earned, daily_bonus
  ON activities
  FOR EACH ROW EXECUTE FUNCTION activities_rollup_trigger();
--> statement-breakpoint
-- The existing history: one pass, as the trigger would have counted it.
UPDATE daily_user_stats s SET bonus_calls = b.n
  FROM (SELECT company_id, local_date, user_id, count(*)::int AS n FROM activities WHERE daily_bonus
         GROUP BY company_id, local_date, user_id) b
 WHERE s.company_id = b.company_id AND s.day = b.local_date AND s.user_id = b.user_id;
--> statement-breakpoint
-- (2) The signed-in cache (server/modules/session/actor-cache.ts) keeps who a session cookie is for
-- in each instance's memory; these notifications reach every instance through its one LISTEN
-- connection, so a sign-out, a changed account or a changed company is forgotten everywhere at once.
-- The payload names the person (never the session token) or the company.
-- TG_ARGV[0] names the column holding the person's id (user.id, session.user_id).
CREATE OR REPLACE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE person text;
BEGIN
  IF TG_OP = 'DELETE' THEN person := to_jsonb(OLD) ->> TG_ARGV[0]; ELSE person := to_jsonb(NEW) ->> TG_ARGV[0]; END IF;
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', NULL, 'table', TG_TABLE_NAME, 'op', TG_OP, 'id', person, 'user_id', person
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_notify AFTER UPDATE OR DELETE ON "session"
  FOR EACH ROW EXECUTE FUNCTION notify_account_change('user_id');
--> statement-breakpoint
CREATE TRIGGER user_notify AFTER UPDATE OR DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION notify_account_change('id');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_company_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', r.id, 'table', TG_TABLE_NAME, 'op', TG_OP, 'id', r.id, 'user_id', NULL
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER companies_notify AFTER UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION notify_company_change();
--> statement-breakpoint
-- (3) A person's active membership in one statement (the actor cache's lookup on a session new to
-- an instance): it scopes itself to the person, then to their company, so the forced policies
-- let it read exactly that profile and that company. Run by the connecting role outside any
-- transaction (the settings end with the statement); not for app_user.
CREATE OR REPLACE FUNCTION app_active_membership(p_user_id text)
RETURNS TABLE (company_id uuid, role text, timezone text) LANGUAGE plpgsql AS $$
DECLARE found_company uuid; found_role text;
BEGIN
  PERFORM set_config('app.user_id', p_user_id, true);
  SELECT p.company_id, p.role INTO found_company, found_role
    FROM profiles p WHERE p.user_id = p_user_id AND p.removed_at IS NULL
   ORDER BY p.created_at DESC LIMIT 1;
  IF found_company IS NULL THEN RETURN; END IF;
  PERFORM set_config('app.company_id', found_company::text, true);
  RETURN QUERY SELECT c.id, found_role, c.timezone FROM companies c WHERE c.id = found_company;
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_active_membership(text) FROM PUBLIC;
