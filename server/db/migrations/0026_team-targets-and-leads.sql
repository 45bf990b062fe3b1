ALTER TABLE "targets" DROP CONSTRAINT "targets_subject_check";--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "targets" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_company_id_team_id_teams_company_id_id_fk" FOREIGN KEY ("company_id","team_id") REFERENCES "public"."teams"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "targets_team_effective_idx" ON "targets" USING btree ("company_id","subject_kind","team_id","metric","period","effective_from");--> statement-breakpoint
CREATE INDEX "targets_company_team_idx" ON "targets" USING btree ("company_id","team_id");--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_subject_check" CHECK (("targets"."subject_kind" = 'person' and "targets"."user_id" is not null and "targets"."team_id" is null) or ("targets"."subject_kind" = 'team' and "targets"."team_id" is not null and "targets"."user_id" is null));--> statement-breakpoint
-- Team leads' rights (decision 044). Whether the current app user leads the team: for team
-- targets. Invoker's rights, as app_leads_member (migration 0020): the caller sees its own
-- company's team_leads and nothing past it.
CREATE OR REPLACE FUNCTION app_leads_team(p_team_id uuid) RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT EXISTS (SELECT 1 FROM team_leads l
                   WHERE l.company_id = app_company_id() AND l.team_id = p_team_id AND l.user_id = app_user_id()) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_leads_team(uuid) TO app_user;
--> statement-breakpoint
-- Targets: every member of the company reads them (a rep's own and their team's, with pacing);
-- an admin writes any, a lead those of the team they lead and of its members, never their own.
DROP POLICY targets_tenant ON targets;
--> statement-breakpoint
CREATE POLICY targets_read ON targets FOR SELECT USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY targets_manage ON targets FOR ALL
  USING (company_id = (SELECT app_company_id()) AND ((SELECT app_is_company_admin())
    OR (subject_kind = 'person' AND user_id <> (SELECT app_user_id()) AND app_leads_member(user_id))
    OR (subject_kind = 'team' AND app_leads_team(team_id))))
  WITH CHECK (company_id = (SELECT app_company_id()) AND ((SELECT app_is_company_admin())
    OR (subject_kind = 'person' AND user_id <> (SELECT app_user_id()) AND app_leads_member(user_id))
    OR (subject_kind = 'team' AND app_leads_team(team_id))));
--> statement-breakpoint
-- Goals: a member writes their own (migration 0001); a lead also those of the members of the team
-- they lead, and an admin anyone's in the company.
CREATE POLICY goals_manager_insert ON goals FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()) AND ((SELECT app_is_company_admin()) OR app_leads_member(user_id)));
--> statement-breakpoint
CREATE POLICY goals_manager_update ON goals FOR UPDATE
  USING (company_id = (SELECT app_company_id()) AND ((SELECT app_is_company_admin()) OR app_leads_member(user_id)))
  WITH CHECK (company_id = (SELECT app_company_id()) AND ((SELECT app_is_company_admin()) OR app_leads_member(user_id)));
--> statement-breakpoint
-- An invitation into a team (decision 044): the team must be the invitation's company's (the key
-- carries company_id), and deleting the team leaves the invitation without one (SET NULL of
-- team_id alone: company_id stays).
ALTER TABLE invitations ADD CONSTRAINT invitations_team_fk FOREIGN KEY (company_id, team_id)
  REFERENCES teams (company_id, id) ON DELETE SET NULL (team_id);
