CREATE TABLE "avatar_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatar_images" ADD CONSTRAINT "avatar_images_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_images" ADD CONSTRAINT "avatar_images_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "avatar_images_company_user_uq" ON "avatar_images" USING btree ("company_id","user_id");--> statement-breakpoint
-- avatar_images (decision 023): the company's members see its pictures; anyone holding a picture's
-- id reads that one picture (a signed-out wall screen shows them; the random id is the key, as the
-- token is for display_links). A member stores pictures as themselves only; deleting is company
-- scoped so erasing a member's data removes theirs (the app deletes only the caller's own).
CREATE OR REPLACE FUNCTION app_avatar_id() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.avatar_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_avatar_id() TO app_user;
--> statement-breakpoint
ALTER TABLE avatar_images ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE avatar_images FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY avatar_images_read ON avatar_images FOR SELECT
  USING (company_id = (SELECT app_company_id()) OR id = (SELECT app_avatar_id()));
--> statement-breakpoint
CREATE POLICY avatar_images_insert ON avatar_images FOR INSERT
  WITH CHECK (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY avatar_images_update ON avatar_images FOR UPDATE
  USING (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()))
  WITH CHECK (company_id = (SELECT app_company_id()) AND user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY avatar_images_delete ON avatar_images FOR DELETE USING (company_id = (SELECT app_company_id()));
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON avatar_images TO app_user;
--> statement-breakpoint
-- Remote avatars are dropped: every stored avatar URL that is not one of our own picture paths
-- (before this migration, all of them) is cleared, and those people show their initials until
-- they upload a picture. Row-level security is forced even for the owner who runs migrations:
-- lifted for this one statement, inside the migration's transaction.
ALTER TABLE profiles NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
UPDATE profiles SET avatar_url = NULL
  WHERE avatar_url IS NOT NULL
    AND avatar_url !~ '^/api/v1/avatars/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
--> statement-breakpoint
ALTER TABLE profiles FORCE ROW LEVEL SECURITY;
