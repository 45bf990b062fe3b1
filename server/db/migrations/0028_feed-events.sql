CREATE TABLE "feed_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"team_id" uuid,
	"subject_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_events" ADD CONSTRAINT "feed_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_events" ADD CONSTRAINT "feed_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_events_company_created_idx" ON "feed_events" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Feed events (decision 048). A team's event names a team of the same company; deleting the team
-- keeps the event, company-wide.
ALTER TABLE feed_events ADD CONSTRAINT feed_events_team_fk FOREIGN KEY (company_id, team_id)
  REFERENCES teams (company_id, id) ON DELETE SET NULL (team_id);
--> statement-breakpoint
ALTER TABLE feed_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE feed_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The whole company sees its floor's news (the feed and the TV, which reads as the company with no
-- member). Any member's write may announce one (a rep's call can win a badge); nothing is changed
-- afterwards, and rows leave only with their company or the member they are about.
CREATE POLICY feed_events_read ON feed_events FOR SELECT
  USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY feed_events_insert ON feed_events FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
-- UPDATE and DELETE are granted like every tenant table's, but no policy lets a row be changed or removed.
GRANT SELECT, INSERT, UPDATE, DELETE ON feed_events TO app_user;
--> statement-breakpoint
-- The NOTIFY carries the kind, so a screen decides without a read whether the event is one it
-- shows or celebrates (the hub passes it on as LiveChange.feed).
CREATE OR REPLACE FUNCTION notify_feed_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', NEW.company_id, 'table', TG_TABLE_NAME, 'op', TG_OP,
    'id', NEW.id, 'user_id', NEW.user_id, 'kind', NEW.kind
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER feed_events_notify AFTER INSERT ON feed_events
  FOR EACH ROW EXECUTE FUNCTION notify_feed_event();
