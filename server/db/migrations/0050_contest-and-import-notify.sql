-- The contests' scheduler looks at every company when the earliest coming local midnight
-- arrives, and the import worker when a lease it saw ends (decision 098), not every quarter
-- hour or five minutes. What would make them look sooner is announced, so every instance
-- looks at once: a contest added, removed or given other dates (one notification per
-- statement), an import that begins its commit or undo (not each renewal of its lease), and a
-- new company (its Monday morning and midnights; a change or removal is announced already,
-- migration 0013).
CREATE TRIGGER contests_schedule_notify AFTER INSERT OR DELETE OR UPDATE OF starts_on, ends_on ON contests
  FOR EACH STATEMENT EXECUTE FUNCTION notify_schedule_change();
--> statement-breakpoint
CREATE TRIGGER imports_work_notify AFTER UPDATE OF status ON imports
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('committing', 'undoing'))
  EXECUTE FUNCTION notify_schedule_change();
--> statement-breakpoint
CREATE TRIGGER companies_created_notify AFTER INSERT ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_schedule_change();
