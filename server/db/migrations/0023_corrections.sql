ALTER TABLE "activities" ADD COLUMN "logged_late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "late_logging_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_companies" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "activities_company_customer_idx" ON "activities" USING btree ("company_id","customer_id") WHERE "activities"."customer_id" is not null;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_late_logging_days_ck" CHECK ("companies"."late_logging_days" between 0 and 90);--> statement-breakpoint
-- Corrections (decision 041). A member writes activities only as themself; an admin of the company
-- may also change and delete any member's activities (correcting a day, merging customers). The
-- server decides what an admin may change; this lets the database agree that an admin may.
CREATE OR REPLACE FUNCTION app_is_company_admin() RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT EXISTS (SELECT 1 FROM profiles p
                   WHERE p.company_id = (SELECT app_company_id()) AND p.user_id = (SELECT app_user_id())
                     AND p.role = 'admin' AND p.removed_at IS NULL) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_is_company_admin() TO app_user;
--> statement-breakpoint
CREATE POLICY activities_admin_update ON activities FOR UPDATE
  USING (company_id = (SELECT app_company_id()) AND (SELECT app_is_company_admin()))
  WITH CHECK (company_id = (SELECT app_company_id()) AND (SELECT app_is_company_admin()));
--> statement-breakpoint
CREATE POLICY activities_admin_delete ON activities FOR DELETE
  USING (company_id = (SELECT app_company_id()) AND (SELECT app_is_company_admin()));
