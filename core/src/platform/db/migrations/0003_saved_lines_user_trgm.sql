-- btree_gin lets user_id share the GIN index with the trigrams (PGlite loads it too, see db/database.ts).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX IF EXISTS "saved_lines_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "saved_lines_user_text_trgm_idx" ON "saved_lines" USING gin ("user_id","text" gin_trgm_ops);
