CREATE TABLE "import_slices" (
	"import_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"slice" integer NOT NULL,
	"row_count" integer NOT NULL,
	"cells" text NOT NULL,
	CONSTRAINT "import_slices_import_id_slice_pk" PRIMARY KEY("import_id","slice")
);
--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "working_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_slices" ADD CONSTRAINT "import_slices_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_slices" ADD CONSTRAINT "import_slices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_working_idx" ON "imports" USING btree ("working_until") WHERE "imports"."working_until" is not null;--> statement-breakpoint
-- An allowed import in slices (decision 084). (1) An uploaded file's rows, a few thousand a slice:
-- the company's own, as every tenant table (the service lets only admins reach them).
ALTER TABLE import_slices ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE import_slices FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY import_slices_tenant ON import_slices FOR ALL
  USING (company_id = (SELECT app_company_id())) WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON import_slices TO app_user;
--> statement-breakpoint
-- (2) The server's import worker looks, across companies, for a commit or an undo whose server
-- stopped half-way (its working_until passed), as the digest's worker reads companies: as the
-- connecting role with app.digest_worker on, never as app_user.
CREATE POLICY imports_worker ON imports FOR SELECT USING ((SELECT app_digest_worker()));
--> statement-breakpoint
-- (3) The rollup of an import's rows on some (member, day) pairs only: a slice's, written or undone
-- in its own transaction. p_days is a JSON array of {user_id, day}. One statement per pair, each
-- found through activities_company_user_day_idx: a join of the pairs with activities may instead
-- read all of the import's rows for every slice (the planner cannot know the pairs are few). It
-- replaces apply_import_to_daily_stats (the whole import at once), dropped below.
CREATE OR REPLACE FUNCTION apply_import_days_to_daily_stats(p_company uuid, p_import uuid, p_days json, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  FOR d IN SELECT * FROM json_to_recordset(p_days) AS x(user_id text, day date) LOOP
    INSERT INTO daily_user_stats AS s (
      company_id, day, user_id, calls, answered, unanswered, meetings_booked, meetings_completed,
      moved_forward, emails, linkedin, sales, revenue, points, activities, bonus_calls
    )
    SELECT a.company_id, a.local_date, a.user_id,
      sign * count(*) FILTER (WHERE a.type IN ('call_answered', 'call_unanswered')),
      sign * count(*) FILTER (WHERE a.type = 'call_answered'),
      sign * count(*) FILTER (WHERE a.type = 'call_unanswered'),
      sign * count(*) FILTER (WHERE a.meeting_booked),
      sign * count(*) FILTER (WHERE a.type = 'meeting'),
      sign * count(*) FILTER (WHERE a.moved_forward),
      sign * count(*) FILTER (WHERE a.type = 'email'),
      sign * count(*) FILTER (WHERE a.type = 'linkedin'),
      sign * count(*) FILTER (WHERE a.type = 'sale'),
      sign * coalesce(sum(CASE WHEN a.type = 'sale' THEN coalesce(a.ticket_size, 0) ELSE 0 END), 0)::bigint,
      sign * coalesce(sum(a.points_earned), 0)::int,
      sign * count(*),
      sign * count(*) FILTER (WHERE a.daily_bonus)
    FROM activities a
    WHERE a.company_id = p_company AND a.user_id = d.user_id AND a.local_date = d.day AND a.import_id = p_import
    GROUP BY a.company_id, a.local_date, a.user_id
    ON CONFLICT (company_id, day, user_id) DO UPDATE SET
      calls = s.calls + excluded.calls,
      answered = s.answered + excluded.answered,
      unanswered = s.unanswered + excluded.unanswered,
      meetings_booked = s.meetings_booked + excluded.meetings_booked,
      meetings_completed = s.meetings_completed + excluded.meetings_completed,
      moved_forward = s.moved_forward + excluded.moved_forward,
      emails = s.emails + excluded.emails,
      linkedin = s.linkedin + excluded.linkedin,
      sales = s.sales + excluded.sales,
      revenue = s.revenue + excluded.revenue,
      points = s.points + excluded.points,
      activities = s.activities + excluded.activities,
      bonus_calls = s.bonus_calls + excluded.bonus_calls;
    IF sign < 0 THEN
      -- A day whose last activity went away has no row, like a day that never had one.
      DELETE FROM daily_user_stats s WHERE s.company_id = p_company AND s.user_id = d.user_id AND s.day = d.day AND s.activities = 0;
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
-- (4) An undo's slice: for each (member, day) pair, whether the import's rows there held the day's
-- bonus, their rollup taken away, and the rows deleted (one statement per pair, as above; the
-- tombstone trigger records each row). Returns the pairs with how many rows each lost.
CREATE OR REPLACE FUNCTION delete_import_days(p_company uuid, p_import uuid, p_days json)
RETURNS TABLE (user_id text, day date, had_bonus boolean, deleted integer)
LANGUAGE plpgsql AS $$
DECLARE d record;
BEGIN
  FOR d IN SELECT * FROM json_to_recordset(p_days) AS x(user_id text, day date) LOOP
    user_id := d.user_id;
    day := d.day;
    SELECT coalesce(bool_or(a.daily_bonus), false) INTO had_bonus FROM activities a
     WHERE a.company_id = p_company AND a.user_id = d.user_id AND a.local_date = d.day AND a.import_id = p_import;
    PERFORM apply_import_days_to_daily_stats(p_company, p_import, json_build_array(json_build_object('user_id', d.user_id, 'day', d.day)), -1);
    DELETE FROM activities a
     WHERE a.company_id = p_company AND a.user_id = d.user_id AND a.local_date = d.day AND a.import_id = p_import;
    GET DIAGNOSTICS deleted = ROW_COUNT;
    RETURN NEXT;
  END LOOP;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION delete_import_days(uuid, uuid, json) TO app_user;
--> statement-breakpoint
DROP FUNCTION apply_import_to_daily_stats(uuid, uuid, integer);
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION apply_import_days_to_daily_stats(uuid, uuid, json, integer) TO app_user;
