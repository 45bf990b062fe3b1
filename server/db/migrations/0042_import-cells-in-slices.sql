-- The cells of a preview still open when this migration runs move to one slice of their own (decision 084).
-- Both tables force row-level security, and the migrations may run as their owner without the
-- right to pass it: the move is made with it set aside, and it is forced again at once.
ALTER TABLE "imports" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_slices" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "import_slices" ("import_id", "company_id", "slice", "row_count", "cells")
SELECT "id", "company_id", 0, jsonb_array_length("cells"), "cells"::text FROM "imports" WHERE "cells" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "import_slices" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "imports" DROP COLUMN "cells";
