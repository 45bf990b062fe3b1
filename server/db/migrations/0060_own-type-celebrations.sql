ALTER TABLE "activity_types" ADD COLUMN "celebrate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every stored outcome says whether it is celebrated (decision 105): none was before, and one that
-- already says keeps its word. Across companies, as the migration owner: the policy is lifted for
-- this transaction only and forced again below (a non-superuser owner would otherwise match no row).
ALTER TABLE "activity_types" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE "activity_types" SET "outcomes" = (
  SELECT coalesce(jsonb_agg('{"celebrate": false}'::jsonb || o ORDER BY n), '[]'::jsonb)
  FROM jsonb_array_elements("outcomes") WITH ORDINALITY AS e(o, n)
) WHERE jsonb_array_length("outcomes") > 0;
--> statement-breakpoint
ALTER TABLE "activity_types" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A logged activity's notice says whether the company celebrates it (decisions 051 and 105): a sale
-- at or above the company's minimum value, or a booked meeting, each if switched on; one of the
-- company's own types when the type celebrates every one, or its outcome is marked. The database
-- decides, so a signed-out wall screen learns one bit; it reads the settings or the type by its key
-- in the write's transaction, so it costs the request no statement. No settings row yet: the
-- defaults (celebrate every sale and booked meeting).
CREATE OR REPLACE FUNCTION notify_activity_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  s record;
  celebrate boolean := false;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  IF is_bulk_import_row(r.import_id) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' AND r.type = 'custom' THEN
    SELECT t.celebrate OR EXISTS (
        SELECT 1 FROM jsonb_array_elements(t.outcomes) AS o
        WHERE o ->> 'id' = r.outcome_id AND (o ->> 'celebrate')::boolean
      )
      INTO celebrate
      FROM activity_types t WHERE t.company_id = r.company_id AND t.id = r.type_id;
    celebrate := coalesce(celebrate, false);
  ELSIF TG_OP = 'INSERT' AND (r.type = 'sale' OR r.meeting_booked) THEN
    SELECT cs.sales, cs.sale_minimum, cs.meetings INTO s FROM celebration_settings cs WHERE cs.company_id = r.company_id;
    IF NOT FOUND THEN
      celebrate := true;
    ELSIF r.type = 'sale' THEN
      celebrate := s.sales AND coalesce(r.ticket_size, 0) >= s.sale_minimum;
    ELSE
      celebrate := s.meetings;
    END IF;
  END IF;
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', r.company_id, 'table', TG_TABLE_NAME, 'op', TG_OP, 'id', r.id, 'user_id', r.user_id,
    'type', r.type, 'meeting_booked', r.meeting_booked, 'celebrate', celebrate
  )::text);
  RETURN NULL;
END
$$;
