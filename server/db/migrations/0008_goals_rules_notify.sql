-- Goals and KPI rules reach the company's live streams too: a rep who edits goals on their phone
-- sees the new progress on their laptop, and the log buttons everywhere show the points an admin
-- just changed. Neither table has the (id, user_id) pair notify_tenant_change reads, so this
-- function takes them from the row as JSON: goals are keyed by user, rules by id.
CREATE OR REPLACE FUNCTION notify_company_setting_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE r jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN r := to_jsonb(OLD); ELSE r := to_jsonb(NEW); END IF;
  PERFORM pg_notify('dealboard_events', json_build_object(
    'company_id', r ->> 'company_id', 'table', TG_TABLE_NAME, 'op', TG_OP,
    'id', coalesce(r ->> 'id', r ->> 'user_id'), 'user_id', r ->> 'user_id'
  )::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER goals_notify AFTER INSERT OR UPDATE OR DELETE ON goals
  FOR EACH ROW EXECUTE FUNCTION notify_company_setting_change();
--> statement-breakpoint
CREATE TRIGGER kpi_rules_notify AFTER INSERT OR UPDATE OR DELETE ON kpi_rules
  FOR EACH ROW EXECUTE FUNCTION notify_company_setting_change();
