CREATE TABLE "company_calendars" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"country" text DEFAULT 'NO' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_calendars_country_check" CHECK ("company_calendars"."country" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "company_days_off" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_days_off_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"subject_kind" text DEFAULT 'person' NOT NULL,
	"user_id" text,
	"metric" text NOT NULL,
	"period" text NOT NULL,
	"value" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"ends_on" date,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "targets_subject_check" CHECK ("targets"."subject_kind" = 'person' and "targets"."user_id" is not null),
	CONSTRAINT "targets_metric_check" CHECK ("targets"."metric" in ('calls', 'meetings_booked', 'meetings_held', 'sales', 'sales_value', 'points')),
	CONSTRAINT "targets_period_check" CHECK ("targets"."period" in ('day', 'week', 'month')),
	CONSTRAINT "targets_value_check" CHECK ("targets"."value" > 0),
	CONSTRAINT "targets_ends_check" CHECK ("targets"."ends_on" is null or "targets"."ends_on" > "targets"."effective_from")
);
--> statement-breakpoint
ALTER TABLE "company_calendars" ADD CONSTRAINT "company_calendars_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_days_off" ADD CONSTRAINT "company_days_off_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "targets_subject_effective_idx" ON "targets" USING btree ("company_id","subject_kind","user_id","metric","period","effective_from");--> statement-breakpoint
CREATE INDEX "targets_company_user_idx" ON "targets" USING btree ("company_id","user_id");
--> statement-breakpoint
ALTER TABLE company_calendars ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_calendars FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_calendars_tenant ON company_calendars FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON company_calendars TO app_user;
--> statement-breakpoint
ALTER TABLE company_days_off ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE company_days_off FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY company_days_off_tenant ON company_days_off FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON company_days_off TO app_user;
--> statement-breakpoint
ALTER TABLE targets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE targets FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY targets_tenant ON targets FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON targets TO app_user;
