ALTER TABLE "activities" ADD COLUMN "bonus_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Calls that already carry the bonus: its size then is not recorded, so take the rule's points now
-- (capped at what the call earned). Row-level security is forced even for the table's owner, who
-- runs migrations; lift it for this one statement (both tables), inside the migration's transaction.
ALTER TABLE "activities" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "kpi_rules" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "activities" a SET "bonus_points" = GREATEST(0, LEAST(a."points_earned", r."base_points"))
  FROM "kpi_rules" r
  WHERE a."daily_bonus" AND r."company_id" = a."company_id" AND r."kpi_key" = 'daily_call_bonus_20';
--> statement-breakpoint
ALTER TABLE "activities" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "kpi_rules" FORCE ROW LEVEL SECURITY;
