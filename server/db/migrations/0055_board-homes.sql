CREATE TABLE "board_homes" (
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"board_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "board_homes_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "board_homes" ADD CONSTRAINT "board_homes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_homes" ADD CONSTRAINT "board_homes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "board_homes" ADD CONSTRAINT "board_homes_company_id_board_id_boards_company_id_id_fk" FOREIGN KEY ("company_id","board_id") REFERENCES "public"."boards"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "board_homes_board_idx" ON "board_homes" USING btree ("company_id","board_id");--> statement-breakpoint
-- A member's start page (decision 102): the policy keeps companies apart; that it is the member's own
-- board to choose, among those they may see, is the service's to decide.
ALTER TABLE board_homes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE board_homes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY board_homes_tenant ON board_homes FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON board_homes TO app_user;
