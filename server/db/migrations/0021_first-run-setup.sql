ALTER TABLE "companies" ADD COLUMN "setup_steps_saved" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "setup_dismissed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "sent_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
-- Companies that were in use before the first-run setup existed start with its checklist dismissed (decision 042).
UPDATE "companies" SET "setup_dismissed_at" = now() WHERE "setup_dismissed_at" IS NULL;
