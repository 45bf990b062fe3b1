CREATE TABLE "contests" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"participants" text NOT NULL,
	"team_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"mode" text NOT NULL,
	"weights" jsonb NOT NULL,
	"target" bigint,
	"prizes" text DEFAULT '' NOT NULL,
	"recurrence" text DEFAULT 'none' NOT NULL,
	"template" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"leader_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"winners" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "contests_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "contests_dates_check" CHECK ("contests"."ends_on" >= "contests"."starts_on"),
	CONSTRAINT "contests_participants_check" CHECK ("contests"."participants" in ('everyone', 'teams', 'people')),
	CONSTRAINT "contests_mode_check" CHECK ("contests"."mode" in ('individual', 'team')),
	CONSTRAINT "contests_recurrence_check" CHECK ("contests"."recurrence" in ('none', 'weekly', 'monthly')),
	CONSTRAINT "contests_status_check" CHECK ("contests"."status" in ('scheduled', 'running', 'finished')),
	CONSTRAINT "contests_target_check" CHECK ("contests"."target" is null or "contests"."target" > 0)
);
--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contests_series_round_uq" ON "contests" USING btree ("company_id","series_id","starts_on");--> statement-breakpoint
CREATE INDEX "contests_company_ends_idx" ON "contests" USING btree ("company_id","ends_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contests_company_open_idx" ON "contests" USING btree ("company_id","starts_on") WHERE "contests"."status" <> 'finished';--> statement-breakpoint
-- Contests (decision 049). Everyone in the company reads them (the page, the feed, the TV). An
-- admin writes any; a team lead those whose every participant is theirs: chosen teams they all
-- lead, or chosen people all in teams they lead ("everyone" is an admin's). The scheduler, acting
-- for the company with no member and saying so, moves a contest on (start, lead, finish, next round).
ALTER TABLE contests ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE contests FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_contest_worker() RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT app_user_id() IS NULL AND current_setting('app.contest_worker', true) = 'on' $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_contest_worker() TO app_user;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_manages_contest(p_participants text, p_team_ids uuid[], p_user_ids text[]) RETURNS boolean
LANGUAGE sql STABLE AS
$$ SELECT app_is_company_admin()
       OR (p_participants = 'teams' AND cardinality(p_team_ids) > 0
           AND NOT EXISTS (SELECT 1 FROM unnest(p_team_ids) AS t(id) WHERE NOT app_leads_team(t.id)))
       OR (p_participants = 'people' AND cardinality(p_user_ids) > 0
           AND NOT EXISTS (SELECT 1 FROM unnest(p_user_ids) AS u(id) WHERE NOT app_leads_member(u.id))) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_manages_contest(text, uuid[], text[]) TO app_user;
--> statement-breakpoint
CREATE POLICY contests_read ON contests FOR SELECT USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY contests_manage ON contests FOR ALL
  USING (company_id = (SELECT app_company_id())
    AND ((SELECT app_contest_worker()) OR app_manages_contest(participants, team_ids, user_ids)))
  WITH CHECK (company_id = (SELECT app_company_id())
    AND ((SELECT app_contest_worker()) OR app_manages_contest(participants, team_ids, user_ids)));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON contests TO app_user;
