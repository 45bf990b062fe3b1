ALTER TABLE "targets" DROP CONSTRAINT "targets_metric_check";--> statement-breakpoint
DROP INDEX "targets_subject_effective_idx";--> statement-breakpoint
DROP INDEX "targets_team_effective_idx";--> statement-breakpoint
ALTER TABLE "targets" ADD COLUMN "kpi_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "targets_subject_effective_idx" ON "targets" USING btree ("company_id","subject_kind","user_id","metric","kpi_id","period","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "targets_team_effective_idx" ON "targets" USING btree ("company_id","subject_kind","team_id","metric","kpi_id","period","effective_from");--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_kpi_check" CHECK (("targets"."metric" = 'kpi') = ("targets"."kpi_id" <> ''));--> statement-breakpoint
ALTER TABLE "targets" ADD CONSTRAINT "targets_metric_check" CHECK ("targets"."metric" in ('calls', 'meetings_booked', 'meetings_held', 'sales', 'sales_value', 'points', 'kpi'));