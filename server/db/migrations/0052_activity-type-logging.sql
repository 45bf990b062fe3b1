CREATE TABLE "activity_type_day_stats" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"type_id" uuid NOT NULL,
	"outcome_id" text DEFAULT '' NOT NULL,
	"activities" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"bonus_taken" integer DEFAULT 0 NOT NULL,
	"sums" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "activity_type_day_stats_company_id_day_user_id_type_id_outcome_id_pk" PRIMARY KEY("company_id","day","user_id","type_id","outcome_id")
);
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_type_ck";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "outcome_id" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "field_values" jsonb;--> statement-breakpoint
ALTER TABLE "activity_type_day_stats" ADD CONSTRAINT "activity_type_day_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_type_day_stats" ADD CONSTRAINT "activity_type_day_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_type_day_stats" ADD CONSTRAINT "activity_type_day_stats_company_id_type_id_activity_types_company_id_id_fk" FOREIGN KEY ("company_id","type_id") REFERENCES "public"."activity_types"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_type_day_stats_company_type_day_idx" ON "activity_type_day_stats" USING btree ("company_id","type_id","day");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_custom_type_ck" CHECK (("activities"."type" = 'custom') = ("activities"."type_id" is not null));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_type_ck" CHECK ("activities"."type" in ('call_answered','call_unanswered','meeting','sale','email','linkedin','custom'));--> statement-breakpoint
-- The rollup of the company's own types (decision 100): every member's day reads through it, in
-- its company's scope like daily_user_stats; the triggers below write it in the write's transaction.
ALTER TABLE activity_type_day_stats ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_type_day_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY activity_type_day_stats_tenant ON activity_type_day_stats
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON activity_type_day_stats TO app_user;
--> statement-breakpoint
-- Two maps of numbers added key by key; a key that comes to 0 is left out, so a day's row holds
-- only what its activities hold.
CREATE OR REPLACE FUNCTION jsonb_add_numbers(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(k, v) FILTER (WHERE v <> 0), '{}'::jsonb)
    FROM (SELECT k, sum(v) AS v
            FROM (SELECT key AS k, value::numeric AS v FROM jsonb_each_text(a)
                  UNION ALL SELECT key, value::numeric FROM jsonb_each_text(b)) x
           GROUP BY k) y
$$;
--> statement-breakpoint
-- What one activity of a company's own type adds to its rollup row (sign 1) or takes away (-1).
-- Its type says which fields are numbers (summed) and which are choices or yes/no (counted by
-- value); text and dates are not rolled up. The row goes when its last activity does.
CREATE OR REPLACE FUNCTION apply_activity_to_type_stats(a activities, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_sums jsonb;
  v_counts jsonb;
BEGIN
  SELECT
    coalesce(jsonb_object_agg(f ->> 'id', sign * (a.field_values ->> (f ->> 'id'))::numeric)
      FILTER (WHERE f ->> 'kind' IN ('number', 'money') AND jsonb_typeof(a.field_values -> (f ->> 'id')) = 'number'), '{}'::jsonb),
    coalesce(jsonb_object_agg((f ->> 'id') || ':' || (a.field_values ->> (f ->> 'id')), sign)
      FILTER (WHERE f ->> 'kind' IN ('choice', 'yes_no') AND jsonb_typeof(a.field_values -> (f ->> 'id')) IN ('string', 'boolean')), '{}'::jsonb)
  INTO v_sums, v_counts
  FROM activity_types t, jsonb_array_elements(t.fields) f
  WHERE t.company_id = a.company_id AND t.id = a.type_id;

  INSERT INTO activity_type_day_stats AS s (company_id, day, user_id, type_id, outcome_id, activities, points, bonus_taken, sums, counts)
  VALUES (a.company_id, a.local_date, a.user_id, a.type_id, coalesce(a.outcome_id, ''), sign, sign * a.points_earned,
          sign * (a.bonus_points > 0)::int, coalesce(v_sums, '{}'::jsonb), coalesce(v_counts, '{}'::jsonb))
  ON CONFLICT (company_id, day, user_id, type_id, outcome_id) DO UPDATE SET
    activities = s.activities + excluded.activities,
    points = s.points + excluded.points,
    bonus_taken = s.bonus_taken + excluded.bonus_taken,
    sums = jsonb_add_numbers(s.sums, excluded.sums),
    counts = jsonb_add_numbers(s.counts, excluded.counts);
  IF sign < 0 THEN
    DELETE FROM activity_type_day_stats
     WHERE company_id = a.company_id AND day = a.local_date AND user_id = a.user_id AND type_id = a.type_id
       AND outcome_id = coalesce(a.outcome_id, '') AND activities = 0;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activities_type_rollup_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type_id IS NOT NULL AND NOT is_bulk_import_row(OLD.import_id) THEN
    PERFORM apply_activity_to_type_stats(OLD, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.type_id IS NOT NULL AND NOT is_bulk_import_row(NEW.import_id) THEN
    PERFORM apply_activity_to_type_stats(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Only rows of a company's own type wake it: a logged call of a built-in kind pays a WHEN, not a call.
CREATE TRIGGER activities_type_rollup_insert AFTER INSERT ON activities
  FOR EACH ROW WHEN (NEW.type_id IS NOT NULL) EXECUTE FUNCTION activities_type_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER activities_type_rollup_delete AFTER DELETE ON activities
  FOR EACH ROW WHEN (OLD.type_id IS NOT NULL) EXECUTE FUNCTION activities_type_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER activities_type_rollup_update
  AFTER UPDATE OF company_id, user_id, local_date, type_id, outcome_id, field_values, points_earned, bonus_points ON activities
  FOR EACH ROW WHEN (OLD.type_id IS NOT NULL OR NEW.type_id IS NOT NULL) EXECUTE FUNCTION activities_type_rollup_trigger();
