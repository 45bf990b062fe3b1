CREATE TABLE "push_vapid_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_vapid_keys_one_row_check" CHECK ("push_vapid_keys"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "push_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "push_outbox_status_check" CHECK ("push_outbox"."status" in ('pending', 'sending', 'sent', 'dropped', 'failed')),
	CONSTRAINT "push_outbox_kind_check" CHECK ("push_outbox"."kind" in ('contest_started', 'badge_earned', 'wrapup_comment', 'wrapup_reminder'))
);
--> statement-breakpoint
CREATE TABLE "push_preferences" (
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"contest_started" boolean DEFAULT true NOT NULL,
	"badge_earned" boolean DEFAULT true NOT NULL,
	"wrapup_comment" boolean DEFAULT true NOT NULL,
	"wrapup_reminder" boolean DEFAULT false NOT NULL,
	"reminder_time" text DEFAULT '16:00' NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_preferences_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_outbox" ADD CONSTRAINT "push_outbox_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_preferences" ADD CONSTRAINT "push_preferences_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_preferences" ADD CONSTRAINT "push_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_outbox_dedupe_idx" ON "push_outbox" USING btree ("company_id","user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "push_outbox_company_user_idx" ON "push_outbox" USING btree ("company_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "push_outbox_due_idx" ON "push_outbox" USING btree ("next_attempt_at") WHERE "push_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_company_endpoint_idx" ON "push_subscriptions" USING btree ("company_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_company_user_idx" ON "push_subscriptions" USING btree ("company_id","user_id");--> statement-breakpoint
-- Push notifications (decision 055). The VAPID key pair is the instance's (no company, no RLS, no
-- grant to app_user: only the server's connecting role reads it).
-- The push worker sends every company's notifications: it claims and finishes outbox rows as the
-- connecting role with app.push_worker on (never as app_user: the function checks the role, so
-- request code that set the flag would still see only its own rows).
CREATE OR REPLACE FUNCTION app_push_worker() RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT current_setting('app.push_worker', true) = 'on' AND current_user <> 'app_user' $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_push_worker() TO app_user;
--> statement-breakpoint
ALTER TABLE push_subscriptions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE push_subscriptions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Read within the company: a change's transaction (a colleague's comment, a contest's start) queues
-- notifications only for members who have a device, and a browser that changes hands in the company
-- (another member signs in on it) takes its endpoint over. Endpoints are useless without the
-- instance's VAPID key; the server lists only the caller's own. A row is written only as its member.
CREATE POLICY push_subscriptions_read ON push_subscriptions FOR SELECT
  USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY push_subscriptions_insert ON push_subscriptions FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY push_subscriptions_update ON push_subscriptions FOR UPDATE
  USING (company_id = (SELECT app_company_id()))
  WITH CHECK (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
-- The member removes their own; the push service's 404/410 removes one while sending to its member.
CREATE POLICY push_subscriptions_delete ON push_subscriptions FOR DELETE
  USING (company_id = (SELECT app_company_id())
    AND (user_id = (SELECT app_user_id()) OR user_id = (SELECT app_erasing_user())));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON push_subscriptions TO app_user;
--> statement-breakpoint
CREATE POLICY push_subscriptions_worker ON push_subscriptions FOR SELECT USING ((SELECT app_push_worker()));
--> statement-breakpoint
ALTER TABLE push_preferences ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE push_preferences FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A member's own choices: read and written only by them; the reminder's scheduler reads whose
-- reminder is on across companies (the push worker).
CREATE POLICY push_preferences_own ON push_preferences FOR ALL
  USING (company_id = (SELECT app_company_id())
    AND (user_id = (SELECT app_user_id()) OR user_id = (SELECT app_erasing_user())) OR (SELECT app_push_worker()))
  WITH CHECK (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON push_preferences TO app_user;
--> statement-breakpoint
ALTER TABLE push_outbox ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE push_outbox FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- Any change in the company may queue a notification for a colleague (a comment on their wrap-up,
-- a contest's start by the scheduler acting for the company); a member reads only their own; the
-- worker claims and finishes everyone's.
CREATE POLICY push_outbox_insert ON push_outbox FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()) OR (SELECT app_push_worker()));
--> statement-breakpoint
CREATE POLICY push_outbox_read ON push_outbox FOR SELECT
  USING (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()) OR (SELECT app_push_worker()));
--> statement-breakpoint
CREATE POLICY push_outbox_update ON push_outbox FOR UPDATE
  USING ((SELECT app_push_worker())) WITH CHECK ((SELECT app_push_worker()));
--> statement-breakpoint
CREATE POLICY push_outbox_delete ON push_outbox FOR DELETE
  USING (company_id = (SELECT app_company_id())
    AND (user_id = (SELECT app_user_id()) OR user_id = (SELECT app_erasing_user())) OR (SELECT app_push_worker()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON push_outbox TO app_user;
