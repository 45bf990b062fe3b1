CREATE TABLE "deleted_activities" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"type" text NOT NULL,
	"local_date" date NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deleted_activities_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "deleted_activities" ADD CONSTRAINT "deleted_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_activities_company_deleted_idx" ON "deleted_activities" USING btree ("company_id","deleted_at","id");--> statement-breakpoint
CREATE INDEX "activities_company_updated_idx" ON "activities" USING btree ("company_id","updated_at","id");--> statement-breakpoint
-- The activity sync feed (GET /api/v1/activities, decision 035). (1) updated_at moves on every
-- change of an activity, whoever makes it: the app's edits set it themselves (its clock), and any
-- other change (an erasure clearing notes, a deleted customer unlinked by its foreign key) gets the
-- transaction's time here, so a syncing client hears of it.
CREATE OR REPLACE FUNCTION touch_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at AND NEW IS DISTINCT FROM OLD THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_touch BEFORE UPDATE ON activities
  FOR EACH ROW EXECUTE FUNCTION touch_activity();
--> statement-breakpoint
-- (2) A deleted activity leaves a tombstone, whoever deletes it (the rep's undo, their account
-- going), in the same transaction. When the company itself is being deleted (its last member
-- deleting their account) nobody is left to sync, and the company row is already gone: nothing is
-- recorded.
CREATE OR REPLACE FUNCTION record_deleted_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
    INSERT INTO deleted_activities (company_id, id, user_id, type, local_date, deleted_at)
    VALUES (OLD.company_id, OLD.id, OLD.user_id, OLD.type, OLD.local_date, now())
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_tombstone AFTER DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION record_deleted_activity();
--> statement-breakpoint
-- (3) deleted_activities: read by the company's members, written by the trigger above as the
-- deleting member; never changed or removed by the app (append-only, like audit_log).
ALTER TABLE deleted_activities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE deleted_activities FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY deleted_activities_read ON deleted_activities FOR SELECT USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY deleted_activities_insert ON deleted_activities FOR INSERT WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT ON deleted_activities TO app_user;
