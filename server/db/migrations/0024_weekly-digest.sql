CREATE TABLE "digest_weeks" (
	"company_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "digest_weeks_company_id_week_start_pk" PRIMARY KEY("company_id","week_start"),
	CONSTRAINT "digest_weeks_status_check" CHECK ("digest_weeks"."status" in ('sending', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "digest_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "digest_weeks" ADD CONSTRAINT "digest_weeks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key_uq" ON "mail_outbox" USING btree ("dedupe_key");
--> statement-breakpoint
-- The weekly digest (decision 047). digest_weeks is the company's own: its claim row is written
-- under the company's scope, like any tenant row.
ALTER TABLE digest_weeks ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE digest_weeks FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY digest_weeks_tenant ON digest_weeks FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON digest_weeks TO app_user;
--> statement-breakpoint
-- The digest scheduler must see every company's time zone to know whose Monday morning it is. It
-- reads them as the connecting role with app.digest_worker = on; never as app_user, so request
-- code that set the flag still sees only its own company. Read only: the flag writes nothing.
CREATE OR REPLACE FUNCTION app_digest_worker() RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT current_setting('app.digest_worker', true) = 'on' AND current_user <> 'app_user' $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_digest_worker() TO app_user;
--> statement-breakpoint
CREATE POLICY companies_digest_worker ON companies FOR SELECT USING ((SELECT app_digest_worker()));
