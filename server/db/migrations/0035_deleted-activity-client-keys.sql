ALTER TABLE "deleted_activities" ADD COLUMN "client_key" uuid;--> statement-breakpoint
CREATE INDEX "deleted_activities_client_key_idx" ON "deleted_activities" USING btree ("company_id","user_id","client_key") WHERE "deleted_activities"."client_key" is not null;--> statement-breakpoint
-- A deleted activity's tombstone keeps its device key (decision 069): a late retry of the offline
-- log that made it is answered "deleted" instead of logging it again. As in 0015, whoever deletes.
CREATE OR REPLACE FUNCTION record_deleted_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
    INSERT INTO deleted_activities (company_id, id, user_id, type, local_date, deleted_at, client_key)
    VALUES (OLD.company_id, OLD.id, OLD.user_id, OLD.type, OLD.local_date, now(), OLD.client_key)
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;
