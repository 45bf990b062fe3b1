CREATE TABLE "inbound_links" (
	"company_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"activity_id" uuid NOT NULL,
	CONSTRAINT "inbound_links_company_id_source_id_external_id_pk" PRIMARY KEY("company_id","source_id","external_id")
);
--> statement-breakpoint
CREATE TABLE "inbound_payloads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" text,
	"result" text NOT NULL,
	"refusal" text,
	"reason" text,
	"external_id" text,
	"activity_id" uuid,
	"body" jsonb
);
--> statement-breakpoint
CREATE TABLE "inbound_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"signature" text NOT NULL,
	"signature_header" text DEFAULT 'x-signature' NOT NULL,
	"secret" text NOT NULL,
	"mapping" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_received_at" timestamp with time zone,
	CONSTRAINT "inbound_sources_signature_check" CHECK ("inbound_sources"."signature" in ('standard_webhooks', 'hmac_sha256'))
);
--> statement-breakpoint
ALTER TABLE "inbound_links" ADD CONSTRAINT "inbound_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_links" ADD CONSTRAINT "inbound_links_source_id_inbound_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."inbound_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_links" ADD CONSTRAINT "inbound_links_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_payloads" ADD CONSTRAINT "inbound_payloads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_payloads" ADD CONSTRAINT "inbound_payloads_source_id_inbound_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."inbound_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_sources" ADD CONSTRAINT "inbound_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_sources" ADD CONSTRAINT "inbound_sources_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_links_activity_idx" ON "inbound_links" USING btree ("activity_id");--> statement-breakpoint
CREATE INDEX "inbound_payloads_source_idx" ON "inbound_payloads" USING btree ("company_id","source_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_payloads_message_uq" ON "inbound_payloads" USING btree ("company_id","source_id","message_id") WHERE "inbound_payloads"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "inbound_sources_company_idx" ON "inbound_sources" USING btree ("company_id","created_at");--> statement-breakpoint
-- Inbound sources (decision 120): the company's own, like every tenant table; and a source whose id
-- the request names may be read by its request (which arrives with no one signed in, and is then
-- checked against the source's secret in its company's scope). As display links are by their token.
CREATE OR REPLACE FUNCTION app_inbound_source_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.inbound_source_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_inbound_source_id() TO app_user;
--> statement-breakpoint
ALTER TABLE inbound_sources ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE inbound_sources FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbound_sources_read ON inbound_sources FOR SELECT
  USING (company_id = (SELECT app_company_id()) OR id = (SELECT app_inbound_source_id()));
--> statement-breakpoint
CREATE POLICY inbound_sources_insert ON inbound_sources FOR INSERT WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY inbound_sources_update ON inbound_sources FOR UPDATE
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY inbound_sources_delete ON inbound_sources FOR DELETE USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON inbound_sources TO app_user;
--> statement-breakpoint
ALTER TABLE inbound_payloads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE inbound_payloads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbound_payloads_tenant ON inbound_payloads
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON inbound_payloads TO app_user;
--> statement-breakpoint
ALTER TABLE inbound_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE inbound_links FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY inbound_links_tenant ON inbound_links
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON inbound_links TO app_user;
