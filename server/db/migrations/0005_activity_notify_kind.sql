-- An activity's change says what it is (type, and whether a call booked a meeting), so a wall screen
-- celebrates the sale or meeting that was just logged, not anything that makes a count go up (an edit
-- of an earlier call into a booked meeting). Other tables keep notify_tenant_change.
CREATE OR REPLACE FUNCTION notify_activity_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', r.company_id, 'table', TG_TABLE_NAME, 'op', TG_OP, 'id', r.id, 'user_id', r.user_id,
    'type', r.type, 'meeting_booked', r.meeting_booked
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS activities_notify ON activities;
--> statement-breakpoint
CREATE TRIGGER activities_notify AFTER INSERT OR UPDATE OR DELETE ON activities
  FOR EACH ROW EXECUTE FUNCTION notify_activity_change();
