CREATE TABLE "boards" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sharing" text NOT NULL,
	"team_id" uuid,
	"owner_id" text NOT NULL,
	"widgets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "boards_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "boards_sharing_ck" CHECK ("boards"."sharing" in ('private','team','company') and (("boards"."sharing" = 'team') = ("boards"."team_id" is not null)))
);
--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "boards" ADD CONSTRAINT "boards_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boards_company_sharing_idx" ON "boards" USING btree ("company_id","sharing");--> statement-breakpoint
-- Boards (decision 102). The policy keeps companies apart; who of the company sees which board
-- (its owner, a team's members and leads, everyone) is the service's to decide.
ALTER TABLE boards ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE boards FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY boards_tenant ON boards FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON boards TO app_user;
--> statement-breakpoint
-- A board changed on one screen reaches every other screen showing it at once.
CREATE TRIGGER boards_notify AFTER INSERT OR UPDATE OR DELETE ON boards
  FOR EACH ROW EXECUTE FUNCTION notify_company_setting_change();
