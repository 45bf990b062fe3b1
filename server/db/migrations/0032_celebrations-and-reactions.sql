CREATE TABLE "celebration_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"sales" boolean DEFAULT true NOT NULL,
	"sale_minimum" bigint DEFAULT 0 NOT NULL,
	"meetings" boolean DEFAULT true NOT NULL,
	"goals" boolean DEFAULT true NOT NULL,
	"records" boolean DEFAULT true NOT NULL,
	"contests" boolean DEFAULT true NOT NULL,
	"badges" boolean DEFAULT true NOT NULL,
	"sound" boolean DEFAULT false NOT NULL,
	"style" text DEFAULT 'confetti' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "celebration_settings_sale_minimum_check" CHECK ("celebration_settings"."sale_minimum" >= 0),
	CONSTRAINT "celebration_settings_style_check" CHECK ("celebration_settings"."style" IN ('confetti', 'spotlight', 'banner'))
);
--> statement-breakpoint
CREATE TABLE "feed_reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"activity_id" uuid,
	"feed_event_id" uuid,
	"user_id" text NOT NULL,
	"emoji" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feed_reactions_one_item_check" CHECK (num_nonnulls("feed_reactions"."activity_id", "feed_reactions"."feed_event_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "celebration_settings" ADD CONSTRAINT "celebration_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_reactions" ADD CONSTRAINT "feed_reactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_reactions" ADD CONSTRAINT "feed_reactions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_reactions" ADD CONSTRAINT "feed_reactions_feed_event_id_feed_events_id_fk" FOREIGN KEY ("feed_event_id") REFERENCES "public"."feed_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_reactions" ADD CONSTRAINT "feed_reactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "feed_reactions_item_user_emoji_idx" ON "feed_reactions" USING btree ("company_id",coalesce("activity_id", "feed_event_id"),"user_id","emoji");--> statement-breakpoint
CREATE INDEX "feed_reactions_company_user_idx" ON "feed_reactions" USING btree ("company_id","user_id");--> statement-breakpoint
-- Celebrations and reactions (decision 051).
ALTER TABLE celebration_settings ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE celebration_settings FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Every member reads them (the app's own celebrations follow them); the server lets only admins write.
CREATE POLICY celebration_settings_tenant ON celebration_settings FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON celebration_settings TO app_user;
--> statement-breakpoint
-- The settings' row has no id of its own: the company is the row.
CREATE OR REPLACE FUNCTION notify_celebration_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', NEW.company_id, 'table', TG_TABLE_NAME, 'op', TG_OP, 'id', NEW.company_id, 'user_id', NULL
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER celebration_settings_notify AFTER INSERT OR UPDATE ON celebration_settings
  FOR EACH ROW EXECUTE FUNCTION notify_celebration_settings();
--> statement-breakpoint
ALTER TABLE feed_reactions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE feed_reactions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The whole company sees who reacted to what; a member adds and takes back only their own.
-- Erasure (decision 022) removes a person's reactions as the connecting role (app_erasing_user).
CREATE POLICY feed_reactions_read ON feed_reactions FOR SELECT
  USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY feed_reactions_insert ON feed_reactions FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY feed_reactions_delete ON feed_reactions FOR DELETE
  USING (company_id = (SELECT app_company_id())
    AND (user_id = (SELECT app_user_id()) OR user_id = (SELECT app_erasing_user())));
--> statement-breakpoint
-- UPDATE is granted like every tenant table's, but no policy lets a reaction be changed.
GRANT SELECT, INSERT, UPDATE, DELETE ON feed_reactions TO app_user;
--> statement-breakpoint
CREATE TRIGGER feed_reactions_notify AFTER INSERT OR DELETE ON feed_reactions
  FOR EACH ROW EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
-- A logged activity's notice says whether the company celebrates it (decision 051): a sale at or
-- above the company's minimum value, or a booked meeting, each if switched on. The database decides,
-- so a signed-out wall screen learns one bit, never the sale's value; it is read only for a sale
-- or a booked meeting (by the settings' key), in the write's transaction, so it costs the request
-- no statement. No settings row yet: the defaults (celebrate every sale and booked meeting).
CREATE OR REPLACE FUNCTION notify_activity_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  s record;
  celebrate boolean := false;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF is_bulk_import_row(r.import_id) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' AND (r.type = 'sale' OR r.meeting_booked) THEN
    SELECT cs.sales, cs.sale_minimum, cs.meetings INTO s FROM celebration_settings cs WHERE cs.company_id = r.company_id;
    IF NOT FOUND THEN
      celebrate := true;
    ELSIF r.type = 'sale' THEN
      celebrate := s.sales AND coalesce(r.ticket_size, 0) >= s.sale_minimum;
    ELSE
      celebrate := s.meetings;
    END IF;
  END IF;
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', r.company_id, 'table', TG_TABLE_NAME, 'op', TG_OP, 'id', r.id, 'user_id', r.user_id,
    'type', r.type, 'meeting_booked', r.meeting_booked, 'celebrate', celebrate
  )::text);
  RETURN NULL;
END
$$;
