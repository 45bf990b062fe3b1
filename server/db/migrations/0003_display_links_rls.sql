-- display_links: the company's own, plus the one whose token hash the caller presents (a wall
-- screen showing the board without signing in). Same pattern as invitations and their codes.
CREATE OR REPLACE FUNCTION app_display_token_hash() RETURNS text LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.display_token_hash', true), '') $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_display_token_hash() TO app_user;
--> statement-breakpoint
ALTER TABLE display_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE display_links FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY display_links_read ON display_links FOR SELECT
  USING (company_id = (SELECT app_company_id()) OR token_hash = (SELECT app_display_token_hash()));
--> statement-breakpoint
CREATE POLICY display_links_insert ON display_links FOR INSERT WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY display_links_update ON display_links FOR UPDATE
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY display_links_delete ON display_links FOR DELETE USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON display_links TO app_user;
