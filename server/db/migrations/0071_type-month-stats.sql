CREATE TABLE "activity_type_month_stats" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"user_id" text NOT NULL,
	"type_id" uuid NOT NULL,
	"outcome_id" text DEFAULT '' NOT NULL,
	"activities" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"sums" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mins" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"maxes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "activity_type_month_stats_company_id_month_user_id_type_id_outcome_id_pk" PRIMARY KEY("company_id","month","user_id","type_id","outcome_id")
);
--> statement-breakpoint
ALTER TABLE "activity_type_month_stats" ADD CONSTRAINT "activity_type_month_stats_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_type_month_stats" ADD CONSTRAINT "activity_type_month_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_type_month_stats" ADD CONSTRAINT "activity_type_month_stats_company_id_type_id_activity_types_company_id_id_fk" FOREIGN KEY ("company_id","type_id") REFERENCES "public"."activity_types"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The company's own types by member and month (decision 119): a month's KPIs read a row
-- per member, type and outcome here instead of one per working day of activity_type_day_stats, whose
-- rows are wide (four JSON columns). This table is written by the trigger below only: whatever
-- changes a day's row (a logged, edited or deleted activity, an import, a settled bonus, a day's
-- extremes read again), its month follows in the same statement, so the two cannot drift apart.
-- A migration that rewrites activity_type_day_stats as its owner lifts this table's policies too.
ALTER TABLE activity_type_month_stats ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_type_month_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY activity_type_month_stats_tenant ON activity_type_month_stats
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON activity_type_month_stats TO app_user;
--> statement-breakpoint
-- A map of numbers with each one's sign turned (a day's row taken out of its month).
CREATE OR REPLACE FUNCTION jsonb_negate_numbers(a jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_object_agg(key, -(value::numeric)), '{}'::jsonb) FROM jsonb_each_text(a)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION jsonb_min_numbers(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_extreme_numbers(a, b, false)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION jsonb_max_numbers(a jsonb, b jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_extreme_numbers(a, b, true)
$$;
--> statement-breakpoint
-- Rows' maps of numbers summed key by key, and their smallest and largest values key by key.
CREATE AGGREGATE jsonb_sum_numbers(jsonb) (SFUNC = jsonb_add_numbers, STYPE = jsonb, INITCOND = '{}');
--> statement-breakpoint
CREATE AGGREGATE jsonb_min_numbers_agg(jsonb) (SFUNC = jsonb_min_numbers, STYPE = jsonb, INITCOND = '{}');
--> statement-breakpoint
CREATE AGGREGATE jsonb_max_numbers_agg(jsonb) (SFUNC = jsonb_max_numbers, STYPE = jsonb, INITCOND = '{}');
--> statement-breakpoint
-- A member's month of a type and outcome read again from its days' rows for its extremes (after a
-- day's extreme went: the month's may have been it). Each day of the month is looked up by the
-- day rollup's key, not the company's month scanned.
CREATE OR REPLACE FUNCTION refresh_type_month_extremes(p_company uuid, p_month date, p_user text, p_type uuid, p_outcome text)
RETURNS void LANGUAGE sql AS $$
  UPDATE activity_type_month_stats m SET (mins, maxes) = (
           SELECT coalesce(jsonb_min_numbers_agg(d.mins), '{}'::jsonb), coalesce(jsonb_max_numbers_agg(d.maxes), '{}'::jsonb)
             FROM activity_type_day_stats d
            WHERE d.company_id = p_company
              AND d.day = ANY (ARRAY(SELECT generate_series(p_month, (p_month + interval '1 month' - interval '1 day')::date, interval '1 day')::date))
              AND d.user_id = p_user AND d.type_id = p_type AND d.outcome_id = p_outcome)
   WHERE m.company_id = p_company AND m.month = p_month AND m.user_id = p_user AND m.type_id = p_type AND m.outcome_id = p_outcome
$$;
--> statement-breakpoint
-- A day's row in (sign 1) or out (-1) of its month. In: its extremes widen the month's. Out: the
-- month's row goes with its last activity, and its extremes are read again when the day had any. Out
-- only ever updates: when the company, member or type is being deleted the month's row may already be
-- gone, and must not come back.
CREATE OR REPLACE FUNCTION apply_type_day_to_month(d activity_type_day_stats, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_month date := date_trunc('month', d.day)::date;
BEGIN
  IF sign > 0 THEN
    INSERT INTO activity_type_month_stats AS m (company_id, month, user_id, type_id, outcome_id, activities, points, sums, counts, mins, maxes)
    VALUES (d.company_id, v_month, d.user_id, d.type_id, d.outcome_id, d.activities, d.points, d.sums, d.counts, d.mins, d.maxes)
    ON CONFLICT (company_id, month, user_id, type_id, outcome_id) DO UPDATE SET
      activities = m.activities + excluded.activities,
      points = m.points + excluded.points,
      sums = jsonb_add_numbers(m.sums, excluded.sums),
      counts = jsonb_add_numbers(m.counts, excluded.counts),
      mins = jsonb_extreme_numbers(m.mins, excluded.mins, false),
      maxes = jsonb_extreme_numbers(m.maxes, excluded.maxes, true);
    RETURN;
  END IF;
  UPDATE activity_type_month_stats m SET
    activities = m.activities - d.activities,
    points = m.points - d.points,
    sums = jsonb_add_numbers(m.sums, jsonb_negate_numbers(d.sums)),
    counts = jsonb_add_numbers(m.counts, jsonb_negate_numbers(d.counts))
   WHERE m.company_id = d.company_id AND m.month = v_month AND m.user_id = d.user_id AND m.type_id = d.type_id
     AND m.outcome_id = d.outcome_id;
  DELETE FROM activity_type_month_stats m
   WHERE m.company_id = d.company_id AND m.month = v_month AND m.user_id = d.user_id AND m.type_id = d.type_id
     AND m.outcome_id = d.outcome_id AND m.activities = 0;
  IF d.mins <> '{}'::jsonb OR d.maxes <> '{}'::jsonb THEN
    PERFORM refresh_type_month_extremes(d.company_id, v_month, d.user_id, d.type_id, d.outcome_id);
  END IF;
END
$$;
--> statement-breakpoint
-- The trigger: a changed day's row that stays in its month (the common case: an activity logged on a
-- day that had some) is applied as its difference in one statement; its extremes are read again only
-- when one of the day's narrowed (a value removed), as a widening merges.
CREATE OR REPLACE FUNCTION type_day_stats_month_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_month date;
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.company_id, date_trunc('month', OLD.day), OLD.user_id, OLD.type_id, OLD.outcome_id)
                         = (NEW.company_id, date_trunc('month', NEW.day), NEW.user_id, NEW.type_id, NEW.outcome_id) THEN
    v_month := date_trunc('month', NEW.day)::date;
    UPDATE activity_type_month_stats m SET
      activities = m.activities + NEW.activities - OLD.activities,
      points = m.points + NEW.points - OLD.points,
      sums = CASE WHEN NEW.sums = OLD.sums THEN m.sums ELSE jsonb_add_numbers(m.sums, jsonb_add_numbers(NEW.sums, jsonb_negate_numbers(OLD.sums))) END,
      counts = CASE WHEN NEW.counts = OLD.counts THEN m.counts ELSE jsonb_add_numbers(m.counts, jsonb_add_numbers(NEW.counts, jsonb_negate_numbers(OLD.counts))) END,
      mins = CASE WHEN NEW.mins = OLD.mins THEN m.mins ELSE jsonb_extreme_numbers(m.mins, NEW.mins, false) END,
      maxes = CASE WHEN NEW.maxes = OLD.maxes THEN m.maxes ELSE jsonb_extreme_numbers(m.maxes, NEW.maxes, true) END
     WHERE m.company_id = NEW.company_id AND m.month = v_month AND m.user_id = NEW.user_id AND m.type_id = NEW.type_id
       AND m.outcome_id = NEW.outcome_id;
    IF NEW.mins <> OLD.mins OR NEW.maxes <> OLD.maxes THEN
      IF jsonb_extreme_numbers(OLD.mins, NEW.mins, false) <> NEW.mins OR jsonb_extreme_numbers(OLD.maxes, NEW.maxes, true) <> NEW.maxes THEN
        PERFORM refresh_type_month_extremes(NEW.company_id, v_month, NEW.user_id, NEW.type_id, NEW.outcome_id);
      END IF;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM apply_type_day_to_month(OLD, -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM apply_type_day_to_month(NEW, 1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER activity_type_day_stats_month AFTER INSERT OR UPDATE OR DELETE ON activity_type_day_stats
  FOR EACH ROW EXECUTE FUNCTION type_day_stats_month_trigger();
--> statement-breakpoint
-- The months of what is kept already (across companies, as the migration owner: the policies are
-- lifted for this transaction only and forced again below).
ALTER TABLE activity_type_month_stats NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_type_day_stats NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO activity_type_month_stats (company_id, month, user_id, type_id, outcome_id, activities, points, sums, counts, mins, maxes)
SELECT company_id, date_trunc('month', day)::date, user_id, type_id, outcome_id, sum(activities), sum(points),
       jsonb_sum_numbers(sums), jsonb_sum_numbers(counts), jsonb_min_numbers_agg(mins), jsonb_max_numbers_agg(maxes)
  FROM activity_type_day_stats
 GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
ALTER TABLE activity_type_month_stats FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE activity_type_day_stats FORCE ROW LEVEL SECURITY;
