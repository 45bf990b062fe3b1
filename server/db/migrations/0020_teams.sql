CREATE TABLE "team_leads" (
	"company_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_leads_company_id_team_id_user_id_pk" PRIMARY KEY("company_id","team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teams_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "team_leads" ADD CONSTRAINT "team_leads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_leads" ADD CONSTRAINT "team_leads_company_id_team_id_teams_company_id_id_fk" FOREIGN KEY ("company_id","team_id") REFERENCES "public"."teams"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_leads_company_user_idx" ON "team_leads" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_company_name_uq" ON "teams" USING btree ("company_id",lower("name"));--> statement-breakpoint
CREATE INDEX "profiles_company_team_idx" ON "profiles" USING btree ("company_id","team_id") WHERE "profiles"."team_id" is not null;--> statement-breakpoint
-- Teams (decision 040). A member's team is profiles.team_id; it must name a team of the member's
-- own company (the key carries company_id), and deleting a team leaves its members without one
-- (SET NULL of team_id alone: company_id stays).
ALTER TABLE profiles ADD CONSTRAINT profiles_team_fk FOREIGN KEY (company_id, team_id)
  REFERENCES teams (company_id, id) ON DELETE SET NULL (team_id);
--> statement-breakpoint
ALTER TABLE teams ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE teams FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Every member lists the company's teams (the boards' filter); changing them is for admins (the service decides).
CREATE POLICY teams_tenant ON teams FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON teams TO app_user;
--> statement-breakpoint
ALTER TABLE team_leads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE team_leads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY team_leads_tenant ON team_leads FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON team_leads TO app_user;
--> statement-breakpoint
-- Whether the current app user leads the team the given member belongs to: for the policies of
-- later tables a lead may read for their people (coaching notes, a rep's page). Invoker's rights
-- on purpose: the caller already sees its own company's profiles and team_leads, so the function
-- needs no privilege of its own and cannot see past the company.
CREATE OR REPLACE FUNCTION app_leads_member(p_user_id text) RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT EXISTS (
     SELECT 1 FROM profiles p
       JOIN team_leads l ON l.company_id = p.company_id AND l.team_id = p.team_id
      WHERE p.company_id = app_company_id() AND p.user_id = p_user_id AND p.removed_at IS NULL
        AND l.user_id = app_user_id()) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_leads_member(text) TO app_user;
