-- The language a company's walls and mails speak, and a display link's own (decision 079).
ALTER TABLE "companies" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "display_links" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_language_ck" CHECK ("companies"."language" in ('en', 'nb'));--> statement-breakpoint
ALTER TABLE "display_links" ADD CONSTRAINT "display_links_language_ck" CHECK ("display_links"."language" in ('en', 'nb'));--> statement-breakpoint
-- A company in use before it had a language speaks its first admin's saved language, when they chose
-- one (decision 079); otherwise it stays unset until an admin chooses in Settings.
UPDATE "companies" SET "language" = first_admin."locale"
FROM (
  SELECT DISTINCT ON (p."company_id") p."company_id", u."locale"
  FROM "profiles" p JOIN "user" u ON u."id" = p."user_id"
  WHERE p."role" = 'admin' AND p."removed_at" IS NULL AND u."locale" IN ('en', 'nb')
  ORDER BY p."company_id", p."created_at"
) first_admin
WHERE "companies"."id" = first_admin."company_id" AND "companies"."language" IS NULL;
