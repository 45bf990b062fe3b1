-- Corrections by team leads and logging on a member's behalf (decision 086). A member writes
-- activities as themself (0001); an admin any member's (0023). A team lead may now change, move
-- and delete the activities of the members of the teams they lead, and log for them: the database
-- agrees with the server's rule (canManageMember) through app_leads_member(), for the row as it was
-- (USING) and as it becomes (WITH CHECK), so a lead cannot move an activity out of their team's
-- reach or onto someone they do not lead. Admins may also log for anyone (a new row of another
-- member's); never a row of an import (those go through its own policy, 0017).
CREATE POLICY activities_lead_update ON activities FOR UPDATE
  USING (company_id = (SELECT app_company_id()) AND app_leads_member(user_id))
  WITH CHECK (company_id = (SELECT app_company_id()) AND app_leads_member(user_id));
--> statement-breakpoint
CREATE POLICY activities_lead_delete ON activities FOR DELETE
  USING (company_id = (SELECT app_company_id()) AND app_leads_member(user_id));
--> statement-breakpoint
CREATE POLICY activities_manager_insert ON activities FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()) AND import_id IS NULL AND ((SELECT app_is_company_admin()) OR app_leads_member(user_id)));
