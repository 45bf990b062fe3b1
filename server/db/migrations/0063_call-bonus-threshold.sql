ALTER TABLE "kpi_rules" ADD COLUMN "threshold" integer;--> statement-breakpoint
ALTER TABLE "kpi_rules" ADD CONSTRAINT "kpi_rules_threshold_ck" CHECK ("kpi_rules"."threshold" IS NULL OR ("kpi_rules"."kpi_key" = 'daily_call_bonus_20' AND "kpi_rules"."threshold" BETWEEN 2 AND 1000));--> statement-breakpoint
-- Every company's bonus rule says its number, 20 as before (decision 108); later rows get it from
-- core/kpi's defaults. Every company's rows, so as the migration owner with the policies lifted for
-- this transaction only (as migration 0056).
ALTER TABLE kpi_rules NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "kpi_rules" SET "threshold" = 20 WHERE "kpi_key" = 'daily_call_bonus_20';
--> statement-breakpoint
ALTER TABLE kpi_rules FORCE ROW LEVEL SECURITY;
