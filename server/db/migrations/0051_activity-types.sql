CREATE TABLE "activity_types" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"key" text,
	"names" jsonb NOT NULL,
	"icon" text NOT NULL,
	"colour" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"outcomes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bonus" jsonb,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_types_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "activity_types_points_ck" CHECK ("activity_types"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "type_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_types" ADD CONSTRAINT "activity_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_types_company_key_uq" ON "activity_types" USING btree ("company_id","key") WHERE "activity_types"."key" is not null;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_company_id_type_id_activity_types_company_id_id_fk" FOREIGN KEY ("company_id","type_id") REFERENCES "public"."activity_types"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_company_type_idx" ON "activities" USING btree ("company_id","type_id") WHERE "activities"."type_id" is not null;--> statement-breakpoint
-- A company's own activity types (decision 100). Every member reads them (the log dialogs);
-- changing them is for admins (the service decides).
ALTER TABLE activity_types ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_types FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY activity_types_tenant ON activity_types FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON activity_types TO app_user;
--> statement-breakpoint
-- An admin's change reaches every screen's log buttons and the other admins' editor at once.
CREATE TRIGGER activity_types_notify AFTER INSERT OR UPDATE OR DELETE ON activity_types
  FOR EACH ROW EXECUTE FUNCTION notify_company_setting_change();
