-- What a sale's card on the wall names besides the person (decision 078): its amount and its
-- customer, each on until an admin hides it (Administration, Celebrations).
ALTER TABLE "celebration_settings" ADD COLUMN "show_sale_amount" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "celebration_settings" ADD COLUMN "show_sale_customer" boolean DEFAULT true NOT NULL;