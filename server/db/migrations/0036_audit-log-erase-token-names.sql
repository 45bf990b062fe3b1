-- Erasing a member (decision 022) also takes their personal access tokens' names (free text they
-- wrote: "Kari's CRM sync") out of the audit log's details. The log stays append-only for the app
-- (app_user has no UPDATE grant); this policy lets the one change through: the connecting role,
-- with app.erasing_user naming the person (app_erasing_user(), migration 0025), on the token
-- entries about them in the current company.
CREATE POLICY audit_log_erase_token_names ON audit_log FOR UPDATE
  USING (company_id = (SELECT app_company_id())
         AND action IN ('api_token.created', 'api_token.revoked')
         AND target_id = (SELECT app_erasing_user()))
  WITH CHECK (company_id = (SELECT app_company_id()));
