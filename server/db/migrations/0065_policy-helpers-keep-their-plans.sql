-- The policy helpers that read tables, in PL/pgSQL (docs/performance.md, "The policy helpers' plans").
-- As SQL functions they are not inlined (their bodies read tables), and PostgreSQL plans a SQL
-- function's statement anew for every query that calls it: every insert into activities planned
-- app_is_company_admin() and app_leads_member() (its policies' WITH CHECK), 0.4 ms of the database's
-- time per logged call, more than the insert's own triggers. PL/pgSQL keeps a statement's plan for
-- the session. Same bodies, same invoker's rights, same answers.
CREATE OR REPLACE FUNCTION app_is_company_admin() RETURNS boolean LANGUAGE plpgsql STABLE AS
$$ BEGIN
  RETURN EXISTS (SELECT 1 FROM profiles p
                  WHERE p.company_id = app_company_id() AND p.user_id = app_user_id()
                    AND p.role = 'admin' AND p.removed_at IS NULL);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_leads_member(p_user_id text) RETURNS boolean LANGUAGE plpgsql STABLE AS
$$ BEGIN
  RETURN EXISTS (
    SELECT 1 FROM profiles p
      JOIN team_leads l ON l.company_id = p.company_id AND l.team_id = p.team_id
     WHERE p.company_id = app_company_id() AND p.user_id = p_user_id AND p.removed_at IS NULL
       AND l.user_id = app_user_id());
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_leads_team(p_team_id uuid) RETURNS boolean LANGUAGE plpgsql STABLE AS
$$ BEGIN
  RETURN EXISTS (SELECT 1 FROM team_leads l
                  WHERE l.company_id = app_company_id() AND l.team_id = p_team_id AND l.user_id = app_user_id());
END $$;
