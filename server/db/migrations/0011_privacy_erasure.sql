ALTER TABLE "profiles" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- The rollup follows the columns it counts, and only those (decision 022): erasing a person's
-- notes (an UPDATE of notes alone) leaves daily_user_stats untouched instead of taking every row
-- out and putting it back, which on a long history is tens of thousands of upserts for nothing.
-- Every edit of a counted column still fires it, in the same transaction as before.
DROP TRIGGER IF EXISTS activities_rollup ON activities;
--> statement-breakpoint
CREATE TRIGGER activities_rollup
  AFTER INSERT OR DELETE OR UPDATE OF company_id, user_id, local_date, type, meeting_booked, moved_forward, ticket_size, points_earned
  ON activities
  FOR EACH ROW EXECUTE FUNCTION activities_rollup_trigger();
