CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" text,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"columns" jsonb NOT NULL,
	"cells" jsonb,
	"row_count" integer NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"undone_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_company_created_idx" ON "imports" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_company_import_idx" ON "activities" USING btree ("company_id","import_id") WHERE "activities"."import_id" is not null;--> statement-breakpoint
-- Spreadsheet imports (decision 039). (1) imports: the company's own rows, as every tenant table;
-- the service decides that only admins reach them.
ALTER TABLE imports ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE imports FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY imports_tenant ON imports FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON imports TO app_user;
--> statement-breakpoint
-- (2) An import writes (and its undo deletes) many activities at once. Its own rows, while the
-- transaction names the import in app.bulk_import, skip the per-row rollup and change notice: the
-- import keeps daily_user_stats with one statement per (member, day) below, the same arithmetic as
-- apply_activity_to_daily_stats, and sends one notice for the whole import. Every other row, and
-- every other transaction, goes through the per-row triggers as before. The tombstone trigger
-- (deleted_activities) still runs per row, so the sync feed hears of each undone activity.
CREATE OR REPLACE FUNCTION is_bulk_import_row(import_id uuid) RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT import_id IS NOT NULL AND import_id::text = current_setting('app.bulk_import', true) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activities_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT is_bulk_import_row(OLD.import_id) THEN PERFORM apply_activity_to_daily_stats(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT is_bulk_import_row(NEW.import_id) THEN PERFORM apply_activity_to_daily_stats(NEW, 1); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_activity_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF is_bulk_import_row(r.import_id) THEN RETURN NULL; END IF;
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', r.company_id, 'table', TG_TABLE_NAME, 'op', TG_OP, 'id', r.id, 'user_id', r.user_id,
    'type', r.type, 'meeting_booked', r.meeting_booked
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- sign 1 after the import's rows are inserted, -1 before they are deleted.
CREATE OR REPLACE FUNCTION apply_import_to_daily_stats(p_company uuid, p_import uuid, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO daily_user_stats AS s (
    company_id, day, user_id, calls, answered, unanswered, meetings_booked, meetings_completed,
    moved_forward, emails, linkedin, sales, revenue, points, activities, bonus_calls
  )
  SELECT a.company_id, a.local_date, a.user_id,
    sign * count(*) FILTER (WHERE a.type IN ('call_answered', 'call_unanswered')),
    sign * count(*) FILTER (WHERE a.type = 'call_answered'),
    sign * count(*) FILTER (WHERE a.type = 'call_unanswered'),
    sign * count(*) FILTER (WHERE a.meeting_booked),
    sign * count(*) FILTER (WHERE a.type = 'meeting'),
    sign * count(*) FILTER (WHERE a.moved_forward),
    sign * count(*) FILTER (WHERE a.type = 'email'),
    sign * count(*) FILTER (WHERE a.type = 'linkedin'),
    sign * count(*) FILTER (WHERE a.type = 'sale'),
    sign * coalesce(sum(CASE WHEN a.type = 'sale' THEN coalesce(a.ticket_size, 0) ELSE 0 END), 0)::bigint,
    sign * coalesce(sum(a.points_earned), 0)::int,
    sign * count(*),
    sign * count(*) FILTER (WHERE a.daily_bonus)
  FROM activities a
  WHERE a.company_id = p_company AND a.import_id = p_import
  GROUP BY a.company_id, a.local_date, a.user_id
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
    DELETE FROM daily_user_stats s
     WHERE s.company_id = p_company AND s.activities = 0
       AND (s.day, s.user_id) IN (SELECT a.local_date, a.user_id FROM activities a WHERE a.company_id = p_company AND a.import_id = p_import);
  END IF;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION is_bulk_import_row(uuid), apply_import_to_daily_stats(uuid, uuid, integer) TO app_user;
--> statement-breakpoint
-- (3) A member writes activities only as themself; an import writes other members' activities.
-- The transaction names its import (app.bulk_import); the name counts only for an import of the
-- caller's company (imports is company-scoped, so the lookup sees no other). Such a transaction
-- may insert and delete that import's rows, and settle the daily bonus of the days it touched
-- (an undo, as deleting a call does).
CREATE OR REPLACE FUNCTION app_bulk_import() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT i.id FROM imports i
    WHERE i.id = nullif(current_setting('app.bulk_import', true), '')::uuid AND i.company_id = (SELECT app_company_id()) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_bulk_import() TO app_user;
--> statement-breakpoint
CREATE POLICY activities_import_insert ON activities FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()) AND import_id = (SELECT app_bulk_import()));
--> statement-breakpoint
CREATE POLICY activities_import_delete ON activities FOR DELETE
  USING (company_id = (SELECT app_company_id()) AND import_id = (SELECT app_bulk_import()));
--> statement-breakpoint
CREATE POLICY activities_import_settle ON activities FOR UPDATE
  USING (company_id = (SELECT app_company_id()) AND (SELECT app_bulk_import()) IS NOT NULL)
  WITH CHECK (company_id = (SELECT app_company_id()) AND (SELECT app_bulk_import()) IS NOT NULL);
