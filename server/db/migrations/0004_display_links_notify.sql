-- A revoked (or deleted) display link tells the company's live streams at once, so a wall screen
-- showing it goes dark within a moment instead of at its next heartbeat. Only revoked_at and DELETE
-- fire: last_used_at changes on every wall-screen request and must not echo through the streams.
CREATE OR REPLACE FUNCTION notify_display_link_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF TG_OP = 'DELETE' THEN r := OLD; ELSE r := NEW; END IF;
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', r.company_id, 'table', TG_TABLE_NAME, 'op', TG_OP, 'id', r.id, 'user_id', NULL
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER display_links_notify AFTER UPDATE OF revoked_at OR DELETE ON display_links
  FOR EACH ROW EXECUTE FUNCTION notify_display_link_change();
