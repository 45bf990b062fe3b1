ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_kind_check";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "summary_date" date;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "chat_language" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "chat_choices" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "next_summary_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "next_summary_date" date;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_summary_once_idx" ON "webhook_deliveries" USING btree ("endpoint_id","summary_date") WHERE "webhook_deliveries"."summary_date" is not null;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_summary_due_idx" ON "webhook_endpoints" USING btree ("next_summary_at") WHERE "webhook_endpoints"."next_summary_at" is not null;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_kind_check" CHECK ("webhook_endpoints"."kind" in ('webhook', 'slack', 'teams'));