CREATE TABLE "tv_playlists" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"screens" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tv_playlists_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "display_links" ADD COLUMN "playlist_id" uuid;--> statement-breakpoint
ALTER TABLE "tv_playlists" ADD CONSTRAINT "tv_playlists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A display link may rotate through a playlist (decision 052): a playlist of the link's company, like
-- its team. Deleting the playlist turns its links back to today's leaderboard (SET NULL of
-- playlist_id alone: company_id stays).
ALTER TABLE display_links ADD CONSTRAINT display_links_playlist_fk FOREIGN KEY (company_id, playlist_id)
  REFERENCES tv_playlists (company_id, id) ON DELETE SET NULL (playlist_id);
--> statement-breakpoint
ALTER TABLE tv_playlists ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tv_playlists FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The company's own playlists. Changing them is for admins (the service decides); a wall screen
-- reads its link's playlist after entering the link's company (enterCompany, as for its board).
CREATE POLICY tv_playlists_tenant ON tv_playlists FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON tv_playlists TO app_user;
--> statement-breakpoint
-- A playlist edited, or a link pointed at another playlist, reaches the walls showing it at once.
-- notify_company_setting_change (0008) reads id and user_id from the row as JSON (no user_id here).
CREATE TRIGGER tv_playlists_notify AFTER INSERT OR UPDATE OR DELETE ON tv_playlists
  FOR EACH ROW EXECUTE FUNCTION notify_company_setting_change();
--> statement-breakpoint
DROP TRIGGER display_links_notify ON display_links;
--> statement-breakpoint
CREATE TRIGGER display_links_notify AFTER UPDATE OF revoked_at, playlist_id OR DELETE ON display_links
  FOR EACH ROW EXECUTE FUNCTION notify_display_link_change();
