CREATE TABLE "badge_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"disabled_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"occasion" text DEFAULT '' NOT NULL,
	"local_date" date NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "badge_settings" ADD CONSTRAINT "badge_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "badges_once_idx" ON "badges" USING btree ("company_id","user_id","kind","occasion");--> statement-breakpoint
CREATE INDEX "badges_company_earned_idx" ON "badges" USING btree ("company_id","earned_at" DESC NULLS LAST);--> statement-breakpoint
-- Badges (decision 050). The whole company sees them (the boards, a rep's page, the TV); any
-- member's write may earn one (a rep's call, an admin's correction of someone's day, the finish of
-- a contest). A badge is never changed; it leaves with its company or member, or when the member's
-- data is erased (the erasure acts as the member).
ALTER TABLE badges ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE badges FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY badges_read ON badges FOR SELECT
  USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY badges_insert ON badges FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY badges_erase ON badges FOR DELETE
  USING (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON badges TO app_user;
--> statement-breakpoint
-- The switches: read by every write that may earn a badge, changed by admins (the service checks).
ALTER TABLE badge_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE badge_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY badge_settings_tenant ON badge_settings FOR ALL
  USING (company_id = (SELECT app_company_id()))
  WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON badge_settings TO app_user;
