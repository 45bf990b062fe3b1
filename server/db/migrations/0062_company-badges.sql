CREATE TABLE "company_badges" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"names" jsonb NOT NULL,
	"icon" text NOT NULL,
	"colour" text NOT NULL,
	"kpi_id" text NOT NULL,
	"threshold" bigint NOT NULL,
	"period" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_badges_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "company_badges_period_ck" CHECK ("company_badges"."period" in ('day','week','month','ever')),
	CONSTRAINT "company_badges_threshold_ck" CHECK ("company_badges"."threshold" > 0)
);
--> statement-breakpoint
ALTER TABLE "company_badges" ADD CONSTRAINT "company_badges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A company's own badges (decision 107). Every member reads them (their looks on the boards and
-- the walls); changing them is for admins (the service decides).
ALTER TABLE company_badges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_badges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_badges_tenant ON company_badges FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON company_badges TO app_user;
--> statement-breakpoint
-- An admin's change reaches every open settings screen at once.
CREATE TRIGGER company_badges_notify AFTER INSERT OR UPDATE OR DELETE ON company_badges
  FOR EACH ROW EXECUTE FUNCTION notify_company_setting_change();
