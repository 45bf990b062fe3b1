-- Who a caller is, confirmed in the request's own first statement (decision 096). Every change that
-- makes the signed-in cache forget (a session ended or changed, an account, a membership, a
-- personal access token, a company: the tables of migrations 0006, 0013, 0014 and 0027) moves one
-- number on, once per transaction, at its commit, and announces the number after its own
-- notifications. An instance that has heard number N has forgotten everything committed up to N;
-- a request whose first statement reads N or less may trust what the cache remembers without a
-- round trip of its own.
--
-- The number moves in a deferred trigger, so its row is locked only for the commit itself: two
-- such transactions commit in the order of their numbers, and PostgreSQL delivers notifications
-- in commit order, so "heard N" means "heard everything up to N".
CREATE TABLE identity_version (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  version bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO identity_version (version) VALUES (0);
--> statement-breakpoint
-- Read by every checked scope statement; written only by the trigger below (its owner's rights).
GRANT SELECT ON identity_version TO app_user;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION advance_identity_version() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public AS $$
DECLARE next_version bigint;
BEGIN
  -- Once per transaction, however many rows it changed.
  IF current_setting('app.identity_version_advanced', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM set_config('app.identity_version_advanced', 'on', true);
  UPDATE identity_version SET version = version + 1 RETURNING version INTO next_version;
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', NULL, 'table', 'identity_version', 'op', 'UPDATE', 'id', next_version::text, 'user_id', NULL
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER session_identity_version AFTER UPDATE OR DELETE ON "session"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_identity_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER user_identity_version AFTER UPDATE OR DELETE ON "user"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_identity_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER companies_identity_version AFTER UPDATE OR DELETE ON companies
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_identity_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER profiles_identity_version AFTER INSERT OR DELETE OR UPDATE OF role, removed_at, display_name, avatar_url, team_id ON profiles
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_identity_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER api_tokens_identity_version AFTER DELETE OR UPDATE OF token_hash, scopes, expires_at, user_id, company_id ON api_tokens
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION advance_identity_version();
