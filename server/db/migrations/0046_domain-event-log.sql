-- The durable log of domain events (decision 095). A change appends what happened in its own
-- transaction (the activities' insert in the same statement); the followers that act after commit
-- (webhooks and the Slack and Teams posts for now) read it in order, each from its own cursor.
--
-- Order: `position` is given at insert, but transactions commit in another order than they insert,
-- so a reader that went by position alone could pass an event whose transaction commits later.
-- Each row also carries its transaction's id (`tx_id`), and readers take only events of
-- transactions older than every transaction still running on this database (server/events/
-- event-log.ts), in (tx_id, position) order: nothing can appear behind a cursor afterwards.
CREATE TABLE domain_event_log (
  tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  position bigint GENERATED ALWAYS AS IDENTITY,
  company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  occurred_at timestamptz NOT NULL,
  event jsonb NOT NULL,
  -- Keys lead with the company, as every tenant table's (decision 040); the readers' order has its index.
  PRIMARY KEY (company_id, tx_id, position)
);
--> statement-breakpoint
CREATE INDEX domain_event_log_order_idx ON domain_event_log (tx_id, position);
--> statement-breakpoint
-- A change writes (and may read) its own company's events; only the log's reader (app.event_reader
-- on, never as app_user: the function checks the role, as app_webhook_worker does) reads across
-- companies.
CREATE OR REPLACE FUNCTION app_event_reader() RETURNS boolean LANGUAGE sql STABLE AS
$$ SELECT current_setting('app.event_reader', true) = 'on' AND current_user <> 'app_user' $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_event_reader() TO app_user;
--> statement-breakpoint
ALTER TABLE domain_event_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE domain_event_log FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY domain_event_log_insert ON domain_event_log FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY domain_event_log_read ON domain_event_log FOR SELECT
  USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
CREATE POLICY domain_event_log_reader ON domain_event_log
  USING ((SELECT app_event_reader()));
--> statement-breakpoint
-- Erasing a person (decision 022) removes the events about them, as it removes their deliveries.
CREATE POLICY domain_event_log_delete ON domain_event_log FOR DELETE
  USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON domain_event_log TO app_user;
--> statement-breakpoint
-- Where each after-commit follower is in the log. One row per follower, locked by the instance
-- that reads for it (FOR UPDATE SKIP LOCKED): on several instances each event reaches each
-- follower once, in the transaction that also moves the cursor. No company's data: not app_user's.
CREATE TABLE domain_event_cursors (
  follower text PRIMARY KEY,
  tx_id xid8 NOT NULL DEFAULT '0',
  position bigint NOT NULL DEFAULT 0
);
--> statement-breakpoint
-- One NOTIFY per appending statement (not per row) wakes the followers of every instance; the
-- hub (server/realtime/hub.ts) hands it to the log's worker and to no browser (no company).
-- A statement that inserted nothing (a replayed log, an event no endpoint wants) announces nothing.
-- New webhook and chat deliveries and push notifications are announced the same way, so their
-- senders wait to be woken instead of looking every second.
CREATE OR REPLACE FUNCTION notify_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM inserted_rows) THEN
    PERFORM pg_notify('dealboard_events', json_build_object('company_id', NULL, 'table', TG_TABLE_NAME, 'op', 'INSERT', 'id', '', 'user_id', NULL)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER domain_event_log_notify AFTER INSERT ON domain_event_log
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_inserted();
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_notify AFTER INSERT ON webhook_deliveries
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_inserted();
--> statement-breakpoint
CREATE TRIGGER push_outbox_notify AFTER INSERT ON push_outbox
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_inserted();
