-- Tombstones of deleted activities (deleted_activities, decision 035) are kept for 90 days
-- (ACTIVITY_TOMBSTONE_RETENTION_DAYS in core/contracts/activities.ts): long enough for any client that
-- syncs at least once a quarter; the feed answers an older cursor with 410 sync_expired (start over).
-- They are pruned by the deletes that make new ones, once per statement (a bulk delete prunes once),
-- in the deleting member's company, so no job runner is needed and a company that deletes nothing
-- keeps a handful of rows.
GRANT DELETE ON deleted_activities TO app_user;
--> statement-breakpoint
-- The app may remove only its own company's tombstones, and only those past the horizon: the table
-- stays append-only for anything a client could still need.
CREATE POLICY deleted_activities_prune ON deleted_activities FOR DELETE
  USING (company_id = (SELECT app_company_id()) AND deleted_at < now() - interval '90 days');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION prune_deleted_activities() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Without a company in the session (a cascade outside any tenant) nothing is pruned.
  DELETE FROM deleted_activities
   WHERE company_id = (SELECT app_company_id()) AND deleted_at < now() - interval '90 days';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activities_tombstones_pruned AFTER DELETE ON activities
  FOR EACH STATEMENT EXECUTE FUNCTION prune_deleted_activities();
