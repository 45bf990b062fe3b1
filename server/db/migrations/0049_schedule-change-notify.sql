-- The workers' steps that are due at times of day (the wrap-up reminders, the Slack and Teams
-- daily summaries) are looked for when they are next due, not every minute (decision 096). What
-- those times come from is announced when it changes, so every instance reads its schedule again
-- at once: a member's reminder time or devices, a channel's summary time, the company's calendar
-- (a company's time zone is announced already, migration 0013). One notification per statement.
CREATE OR REPLACE FUNCTION notify_schedule_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dealboard_events', json_build_object('company_id', NULL, 'table', TG_TABLE_NAME, 'op', TG_OP, 'id', '', 'user_id', NULL)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER push_preferences_schedule_notify AFTER INSERT OR DELETE OR UPDATE OF wrapup_reminder, reminder_time ON push_preferences
  FOR EACH STATEMENT EXECUTE FUNCTION notify_schedule_change();
--> statement-breakpoint
CREATE TRIGGER push_subscriptions_schedule_notify AFTER INSERT OR DELETE ON push_subscriptions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_schedule_change();
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_schedule_notify AFTER INSERT OR DELETE OR UPDATE OF next_summary_at, enabled ON webhook_endpoints
  FOR EACH STATEMENT EXECUTE FUNCTION notify_schedule_change();
--> statement-breakpoint
CREATE TRIGGER company_calendars_schedule_notify AFTER INSERT OR DELETE OR UPDATE ON company_calendars
  FOR EACH STATEMENT EXECUTE FUNCTION notify_schedule_change();
--> statement-breakpoint
CREATE TRIGGER company_days_off_schedule_notify AFTER INSERT OR DELETE OR UPDATE ON company_days_off
  FOR EACH STATEMENT EXECUTE FUNCTION notify_schedule_change();
