-- Membership changes reach the company's live streams: a member joining, leaving (removed_at),
-- changing role or renaming. Browsers refresh member lists, names on the boards and their own
-- rights (a demoted admin loses the console at once), and the server ends the stream of a person
-- who is no longer a member (server/realtime/events.routes.ts). updated_at alone does not fire.
CREATE TRIGGER profiles_notify AFTER INSERT OR DELETE OR UPDATE OF role, removed_at, display_name, avatar_url ON profiles
  FOR EACH ROW EXECUTE FUNCTION notify_tenant_change();
