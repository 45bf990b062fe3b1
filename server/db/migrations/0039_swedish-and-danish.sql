ALTER TABLE "companies" DROP CONSTRAINT "companies_language_ck";--> statement-breakpoint
ALTER TABLE "display_links" DROP CONSTRAINT "display_links_language_ck";--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_language_ck" CHECK ("companies"."language" in ('en', 'nb', 'sv', 'da'));--> statement-breakpoint
ALTER TABLE "display_links" ADD CONSTRAINT "display_links_language_ck" CHECK ("display_links"."language" in ('en', 'nb', 'sv', 'da'));