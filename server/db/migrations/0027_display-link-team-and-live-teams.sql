ALTER TABLE "display_links" ADD COLUMN "team_id" uuid;--> statement-breakpoint
-- A display link may show one team (decision 040, amended): a team of the link's company, like
-- profiles.team_id. Deleting the team turns its links back to company-wide (SET NULL of team_id
-- alone: company_id stays), as it leaves its members in no team; the links list says so.
ALTER TABLE display_links ADD CONSTRAINT display_links_team_fk FOREIGN KEY (company_id, team_id)
  REFERENCES teams (company_id, id) ON DELETE SET NULL (team_id);
--> statement-breakpoint
-- Teams, their leads and targets reach the company's live streams: open boards filtered by team,
-- the Teams and Targets screens, the navigation's lead check and My Activity's targets follow at
-- once. notify_company_setting_change (0008) reads id and user_id from the row as JSON, so it serves
-- teams (no user_id), team_leads (no id: the lead's user id stands for it) and targets alike.
CREATE TRIGGER teams_notify AFTER INSERT OR UPDATE OR DELETE ON teams
  FOR EACH ROW EXECUTE FUNCTION notify_company_setting_change();
--> statement-breakpoint
CREATE TRIGGER team_leads_notify AFTER INSERT OR UPDATE OR DELETE ON team_leads
  FOR EACH ROW EXECUTE FUNCTION notify_company_setting_change();
--> statement-breakpoint
CREATE TRIGGER targets_notify AFTER INSERT OR UPDATE OR DELETE ON targets
  FOR EACH ROW EXECUTE FUNCTION notify_company_setting_change();
--> statement-breakpoint
-- A member moving team changes every board filtered by team: profiles_notify (0006) fires on
-- team_id too.
DROP TRIGGER profiles_notify ON profiles;
--> statement-breakpoint
CREATE TRIGGER profiles_notify AFTER INSERT OR DELETE OR UPDATE OF role, removed_at, display_name, avatar_url, team_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION notify_tenant_change();
