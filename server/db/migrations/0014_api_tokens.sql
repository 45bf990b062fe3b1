CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"hint" text NOT NULL,
	"scopes" text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_company_user_idx" ON "api_tokens" USING btree ("company_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- api_tokens (decision 035): the company's own rows, plus the one whose hash the caller presents
-- (the lookup of an API call, before its company is known). Same pattern as display links.
CREATE OR REPLACE FUNCTION app_api_token_hash() RETURNS text LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.api_token_hash', true), '') $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_api_token_hash() TO app_user;
--> statement-breakpoint
ALTER TABLE api_tokens ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE api_tokens FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY api_tokens_read ON api_tokens FOR SELECT
  USING (company_id = (SELECT app_company_id()) OR token_hash = (SELECT app_api_token_hash()));
--> statement-breakpoint
-- A member makes tokens for themself only; admins read and revoke the company's (the service decides who may).
CREATE POLICY api_tokens_insert ON api_tokens FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY api_tokens_update ON api_tokens FOR UPDATE
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY api_tokens_delete ON api_tokens FOR DELETE USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON api_tokens TO app_user;
--> statement-breakpoint
-- A revoked or changed token is forgotten by every instance's actor cache (decision 028): the
-- payload names the token's id, company and person, never its hash.
CREATE TRIGGER api_tokens_notify AFTER DELETE OR UPDATE OF token_hash, scopes, expires_at, user_id, company_id ON api_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
-- A member who is removed (or erased) loses their tokens in the same transaction: coming back
-- later does not bring an old token back to life.
CREATE OR REPLACE FUNCTION revoke_api_tokens_of_removed_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM api_tokens WHERE company_id = NEW.company_id AND user_id = NEW.user_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_revoke_api_tokens AFTER UPDATE OF removed_at ON profiles
  FOR EACH ROW WHEN (NEW.removed_at IS NOT NULL AND OLD.removed_at IS NULL)
  EXECUTE FUNCTION revoke_api_tokens_of_removed_member();
--> statement-breakpoint
-- Who a token acts for, in one statement (the session module's lookup of a token new to an
-- instance, like app_active_membership): the token by its hash, then, scoped to its company and
-- person, the company's time zone, the person's active membership there (role null when they are
-- no longer an active member) and their account. Run by the connecting role outside a
-- transaction; not for app_user.
CREATE OR REPLACE FUNCTION app_api_token_actor(p_token_hash text)
RETURNS TABLE (
  token_id uuid, company_id uuid, user_id text, scopes text[], expires_at timestamptz, last_used_at timestamptz,
  role text, timezone text, email text, name text, image text, email_verified boolean, locale text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE token record;
BEGIN
  PERFORM set_config('app.api_token_hash', p_token_hash, true);
  SELECT t.id, t.company_id, t.user_id, t.scopes, t.expires_at, t.last_used_at INTO token
    FROM api_tokens t WHERE t.token_hash = p_token_hash;
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM set_config('app.company_id', token.company_id::text, true);
  PERFORM set_config('app.user_id', token.user_id, true);
  RETURN QUERY
    SELECT token.id, token.company_id, token.user_id, token.scopes, token.expires_at, token.last_used_at,
           p.role, c.timezone, u.email, u.name, u.image, u.email_verified, u.locale
      FROM companies c
      JOIN "user" u ON u.id = token.user_id
      LEFT JOIN profiles p ON p.company_id = c.id AND p.user_id = token.user_id AND p.removed_at IS NULL
     WHERE c.id = token.company_id;
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_api_token_actor(text) FROM PUBLIC;
--> statement-breakpoint
-- When a token was last used, written at most once a minute per token (the first request of each
-- rate-limit window), by the connecting role outside a transaction. A later time never goes back.
CREATE OR REPLACE FUNCTION app_note_api_token_use(p_token_id uuid, p_company_id uuid, p_at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('app.company_id', p_company_id::text, true);
  UPDATE api_tokens SET last_used_at = p_at
   WHERE id = p_token_id AND company_id = p_company_id AND (last_used_at IS NULL OR last_used_at < p_at);
END
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_note_api_token_use(uuid, uuid, timestamptz) FROM PUBLIC;
