ALTER TABLE "approval_lines" ADD COLUMN "generation_id" uuid;--> statement-breakpoint
ALTER TABLE "approval_lines" ADD COLUMN "generation_index" integer;--> statement-breakpoint
ALTER TABLE "approval_lines" ADD CONSTRAINT "approval_lines_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE set null ON UPDATE no action;