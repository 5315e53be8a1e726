ALTER TABLE "generations" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "hashtags" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "emoji" text;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "refinements" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "refine" jsonb;--> statement-breakpoint
ALTER TABLE "saved_lines" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "no_exclamation" boolean DEFAULT false NOT NULL;