-- The cells of a preview still open when this migration runs move to one slice of their own (decision 084).
INSERT INTO "import_slices" ("import_id", "company_id", "slice", "row_count", "cells")
SELECT "id", "company_id", 0, jsonb_array_length("cells"), "cells"::text FROM "imports" WHERE "cells" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" DROP COLUMN "cells";