-- Row-level security, rollups and change notifications. Hand-written; see docs/architecture.md.
--
-- Request code reaches tenant tables only through withTenant() (server/db/tenant.ts), which opens a
-- transaction, switches to the unprivileged role app_user and sets app.company_id / app.user_id.
-- The policies below read those settings, so a forgotten WHERE clause cannot leak another company.

-- Roles are cluster-wide: several databases (or test runs) may race to create it, hence the handler.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint
-- The connecting role must be able to SET ROLE app_user (a no-op grant for a superuser).
DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'app_user', 'MEMBER') THEN
    EXECUTE format('GRANT app_user TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_user;
--> statement-breakpoint
-- Settings read back as '' once set in a session, hence nullif (ARCHITECTURE.md).
CREATE OR REPLACE FUNCTION app_company_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_id() RETURNS text LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.user_id', true), '') $$;
--> statement-breakpoint
-- Knowing an invitation's secret code is what lets a non-member preview that one invitation.
CREATE OR REPLACE FUNCTION app_invitation_code() RETURNS text LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.invitation_code', true), '') $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_company_id(), app_user_id(), app_invitation_code() TO app_user;
--> statement-breakpoint

-- companies ---------------------------------------------------------------------------------
ALTER TABLE companies ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE companies FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY companies_tenant ON companies
  USING (id = (SELECT app_company_id())) WITH CHECK (id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON companies TO app_user;
--> statement-breakpoint

-- profiles: a member sees the company's profiles; a person also sees their own rows elsewhere ----
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY profiles_read ON profiles FOR SELECT
  USING (company_id = (SELECT app_company_id()) OR user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY profiles_insert ON profiles FOR INSERT WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY profiles_update ON profiles FOR UPDATE
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY profiles_delete ON profiles FOR DELETE USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON profiles TO app_user;
--> statement-breakpoint

-- tables a member reads company-wide and writes only as themself -----------------------------
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['activities', 'goals', 'wrapups'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I FOR SELECT USING (company_id = (SELECT app_company_id()))', t || '_read', t);
    EXECUTE format('CREATE POLICY %I ON %I FOR INSERT WITH CHECK (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()))', t || '_insert', t);
    EXECUTE format('CREATE POLICY %I ON %I FOR UPDATE USING (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id())) WITH CHECK (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()))', t || '_update', t);
    EXECUTE format('CREATE POLICY %I ON %I FOR DELETE USING (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()))', t || '_delete', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO app_user', t);
  END LOOP;
END
$$;
--> statement-breakpoint

-- tables scoped to the company alone ----------------------------------------------------------
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['customer_companies', 'daily_user_stats', 'kpi_rules', 'app_settings'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON %I USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()))', t || '_tenant', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO app_user', t);
  END LOOP;
END
$$;
--> statement-breakpoint

-- invitations: the company's own, plus the one whose code the caller presents -----------------
ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE invitations FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY invitations_read ON invitations FOR SELECT
  USING (company_id = (SELECT app_company_id()) OR code = (SELECT app_invitation_code()));
--> statement-breakpoint
CREATE POLICY invitations_write ON invitations FOR INSERT WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY invitations_update ON invitations FOR UPDATE
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY invitations_delete ON invitations FOR DELETE USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON invitations TO app_user;
--> statement-breakpoint

-- people: app_user sees a person only as themself or as a member of the current company -------
-- Not forced: better-auth reaches this table as the owning role, outside any tenant.
ALTER TABLE "user" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_visible ON "user" FOR SELECT TO app_user
  USING (id = (SELECT app_user_id()) OR EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = "user".id));
--> statement-breakpoint
GRANT SELECT (id, name, email, image, locale, created_at) ON "user" TO app_user;
--> statement-breakpoint

-- rollups: daily_user_stats follows every activity insert, update and delete ------------------
-- The same transaction as the write, so a committed activity and its rollup never disagree.
CREATE OR REPLACE FUNCTION apply_activity_to_daily_stats(a activities, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_user_stats AS s (
    company_id, day, user_id, calls, answered, unanswered, meetings_booked, meetings_completed,
    moved_forward, emails, linkedin, sales, revenue, points, activities
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
    sign
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
    activities = s.activities + excluded.activities;
  IF sign < 0 THEN
    -- A day whose last activity went away has no row, like a day that never had one.
    DELETE FROM daily_user_stats
     WHERE company_id = a.company_id AND day = a.local_date AND user_id = a.user_id AND activities = 0;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activities_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM apply_activity_to_daily_stats(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM apply_activity_to_daily_stats(NEW, 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_rollup AFTER INSERT OR UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION activities_rollup_trigger();
--> statement-breakpoint

-- realtime: one notification per changed row, delivered by PostgreSQL only on commit ----------
CREATE OR REPLACE FUNCTION notify_tenant_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', r.company_id, 'table', TG_TABLE_NAME, 'op', TG_OP, 'id', r.id, 'user_id', r.user_id
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_notify AFTER INSERT OR UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
CREATE TRIGGER wrapups_notify AFTER INSERT OR UPDATE OR DELETE ON wrapups
  FOR EACH ROW EXECUTE FUNCTION notify_tenant_change();
