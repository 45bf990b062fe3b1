CREATE TABLE "app_rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_started_at" bigint NOT NULL
);
--> statement-breakpoint
-- The app's counters move out of better-auth's table (its pruning reset them early).
INSERT INTO app_rate_limits (key, count, window_started_at)
  SELECT substr(key, 5), count, last_request FROM rate_limit WHERE key LIKE 'app:%'
  ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
DELETE FROM rate_limit WHERE key LIKE 'app:%';
