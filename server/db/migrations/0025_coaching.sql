CREATE TABLE "coaching_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"author_id" text NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coaching_notes_kind_check" CHECK ("coaching_notes"."kind" in ('note', 'follow_up')),
	CONSTRAINT "coaching_notes_done_check" CHECK ("coaching_notes"."kind" = 'follow_up' or "coaching_notes"."done_at" is null)
);
--> statement-breakpoint
CREATE TABLE "wrapup_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"wrapup_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wrapup_reads" (
	"company_id" uuid NOT NULL,
	"wrapup_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wrapup_reads_company_id_user_id_wrapup_id_pk" PRIMARY KEY("company_id","user_id","wrapup_id")
);
--> statement-breakpoint
ALTER TABLE "coaching_notes" ADD CONSTRAINT "coaching_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_notes" ADD CONSTRAINT "coaching_notes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coaching_notes" ADD CONSTRAINT "coaching_notes_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrapup_comments" ADD CONSTRAINT "wrapup_comments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrapup_comments" ADD CONSTRAINT "wrapup_comments_wrapup_id_wrapups_id_fk" FOREIGN KEY ("wrapup_id") REFERENCES "public"."wrapups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrapup_comments" ADD CONSTRAINT "wrapup_comments_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrapup_comments" ADD CONSTRAINT "wrapup_comments_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrapup_reads" ADD CONSTRAINT "wrapup_reads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrapup_reads" ADD CONSTRAINT "wrapup_reads_wrapup_id_wrapups_id_fk" FOREIGN KEY ("wrapup_id") REFERENCES "public"."wrapups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wrapup_reads" ADD CONSTRAINT "wrapup_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coaching_notes_company_user_idx" ON "coaching_notes" USING btree ("company_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wrapup_comments_company_wrapup_idx" ON "wrapup_comments" USING btree ("company_id","wrapup_id","created_at");--> statement-breakpoint
CREATE INDEX "wrapup_comments_company_user_idx" ON "wrapup_comments" USING btree ("company_id","user_id","created_at" DESC NULLS LAST);
--> statement-breakpoint
-- Coaching (decision 045). Erasure (decision 022) removes the coaching rows about or by a person
-- even when that person is the one erasing themselves, who may not see the notes about them: the
-- privacy module names them in app.erasing_user and runs those deletes as the connecting role
-- (never app_user, so a request cannot open this door by setting the value itself).
CREATE OR REPLACE FUNCTION app_erasing_user() RETURNS text LANGUAGE sql STABLE AS
$$ SELECT CASE WHEN current_user <> 'app_user' THEN nullif(current_setting('app.erasing_user', true), '') END $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_erasing_user() TO app_user;
--> statement-breakpoint
ALTER TABLE wrapup_reads ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wrapup_reads FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A read marker is its reader's alone.
CREATE POLICY wrapup_reads_own ON wrapup_reads FOR ALL
  USING (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()))
  WITH CHECK (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON wrapup_reads TO app_user;
--> statement-breakpoint
ALTER TABLE wrapup_comments ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE wrapup_comments FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A wrap-up's thread: its author (user_id), the leads of the author's team and the company's admins.
CREATE POLICY wrapup_comments_read ON wrapup_comments FOR SELECT
  USING (company_id = (SELECT app_company_id())
    AND (user_id = (SELECT app_user_id()) OR app_leads_member(user_id) OR (SELECT app_is_company_admin())
      OR (SELECT app_erasing_user()) IN (user_id, author_id)));
--> statement-breakpoint
CREATE POLICY wrapup_comments_insert ON wrapup_comments FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()) AND author_id = (SELECT app_user_id())
    AND (user_id = (SELECT app_user_id()) OR app_leads_member(user_id) OR (SELECT app_is_company_admin())));
--> statement-breakpoint
-- Comments are not edited or deleted; erasure removes them.
CREATE POLICY wrapup_comments_erase ON wrapup_comments FOR DELETE
  USING (company_id = (SELECT app_company_id()) AND (SELECT app_erasing_user()) IN (user_id, author_id));
--> statement-breakpoint
-- UPDATE is granted like every tenant table's, but no policy lets a row be changed.
GRANT SELECT, INSERT, UPDATE, DELETE ON wrapup_comments TO app_user;
--> statement-breakpoint
CREATE TRIGGER wrapup_comments_notify AFTER INSERT OR UPDATE OR DELETE ON wrapup_comments
  FOR EACH ROW EXECUTE FUNCTION notify_tenant_change();
--> statement-breakpoint
ALTER TABLE coaching_notes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE coaching_notes FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Private 1:1 notes: the leads of the rep's team and the company's admins, never the rep (not even
-- an admin reading notes about themself). No NOTIFY: the company-wide stream would tell the rep
-- that something about them changed.
CREATE POLICY coaching_notes_managers ON coaching_notes FOR ALL
  USING (company_id = (SELECT app_company_id()) AND user_id <> (SELECT app_user_id())
    AND (app_leads_member(user_id) OR (SELECT app_is_company_admin())))
  WITH CHECK (company_id = (SELECT app_company_id()) AND user_id <> (SELECT app_user_id())
    AND (app_leads_member(user_id) OR (SELECT app_is_company_admin())));
--> statement-breakpoint
-- Restrictive: whoever manages the rep writes a note as themself.
CREATE POLICY coaching_notes_author ON coaching_notes AS RESTRICTIVE FOR INSERT
  WITH CHECK (author_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY coaching_notes_erase_read ON coaching_notes FOR SELECT
  USING (company_id = (SELECT app_company_id()) AND (SELECT app_erasing_user()) IN (user_id, author_id));
--> statement-breakpoint
CREATE POLICY coaching_notes_erase ON coaching_notes FOR DELETE
  USING (company_id = (SELECT app_company_id()) AND (SELECT app_erasing_user()) IN (user_id, author_id));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON coaching_notes TO app_user;
