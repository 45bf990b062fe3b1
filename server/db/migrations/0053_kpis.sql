CREATE TABLE "kpis" (
	"company_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"names" jsonb NOT NULL,
	"formula" jsonb NOT NULL,
	"format" text NOT NULL,
	"decimals" integer DEFAULT 0 NOT NULL,
	"lower_is_better" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kpis_company_id_id_pk" PRIMARY KEY("company_id","id"),
	CONSTRAINT "kpis_format_ck" CHECK ("kpis"."format" in ('number','money','percent','duration')),
	CONSTRAINT "kpis_decimals_ck" CHECK ("kpis"."decimals" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "kpis" ADD CONSTRAINT "kpis_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A company's KPIs (decision 101). Every member reads them (boards, menus); changing them is for
-- admins (the service decides).
ALTER TABLE kpis ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE kpis FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY kpis_tenant ON kpis FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON kpis TO app_user;
--> statement-breakpoint
-- An admin's change reaches every open list and board at once.
CREATE TRIGGER kpis_notify AFTER INSERT OR UPDATE OR DELETE ON kpis
  FOR EACH ROW EXECUTE FUNCTION notify_company_setting_change();
--> statement-breakpoint
-- The rollup of a company's own types also counts, for each number or money field, how many
-- activities hold a value (counts under the field's id): an average is the sum over those, not
-- over every activity, when the field is optional.
CREATE OR REPLACE FUNCTION apply_activity_to_type_stats(a activities, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_sums jsonb;
  v_counts jsonb;
BEGIN
  SELECT
    coalesce(jsonb_object_agg(f ->> 'id', sign * (a.field_values ->> (f ->> 'id'))::numeric)
      FILTER (WHERE f ->> 'kind' IN ('number', 'money') AND jsonb_typeof(a.field_values -> (f ->> 'id')) = 'number'), '{}'::jsonb),
    coalesce(jsonb_object_agg(
      CASE WHEN f ->> 'kind' IN ('number', 'money') THEN f ->> 'id' ELSE (f ->> 'id') || ':' || (a.field_values ->> (f ->> 'id')) END, sign)
      FILTER (WHERE (f ->> 'kind' IN ('choice', 'yes_no') AND jsonb_typeof(a.field_values -> (f ->> 'id')) IN ('string', 'boolean'))
                 OR (f ->> 'kind' IN ('number', 'money') AND jsonb_typeof(a.field_values -> (f ->> 'id')) = 'number')), '{}'::jsonb)
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
-- The rollup as the function now keeps it, rebuilt from the activities of the companies' own
-- types (read across companies here, as the migration owner: the policies are lifted for this
-- statement's transaction only and forced again below).
ALTER TABLE activity_type_day_stats NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activities NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_types NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
DELETE FROM activity_type_day_stats;
--> statement-breakpoint
SELECT apply_activity_to_type_stats(a, 1) FROM activities a WHERE a.type_id IS NOT NULL;
--> statement-breakpoint
ALTER TABLE activity_type_day_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activities FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_types FORCE ROW LEVEL SECURITY;
