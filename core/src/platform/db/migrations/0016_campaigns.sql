CREATE TABLE "campaign_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"day" integer NOT NULL,
	"date" date NOT NULL,
	"platform" text NOT NULL,
	"position" integer NOT NULL,
	"category" text NOT NULL,
	"generation_id" uuid NOT NULL,
	"text" text,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"occasion" text,
	"occasion_date" date,
	"starts_on" date NOT NULL,
	"days" integer NOT NULL,
	"platforms" jsonb NOT NULL,
	"category" text,
	"tone" text NOT NULL,
	"topic" text,
	"brand_id" uuid,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "generations" ADD COLUMN "campaign" jsonb;--> statement-breakpoint
ALTER TABLE "campaign_lines" ADD CONSTRAINT "campaign_lines_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_lines" ADD CONSTRAINT "campaign_lines_generation_id_generations_id_fk" FOREIGN KEY ("generation_id") REFERENCES "public"."generations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_lines_campaign_day_platform_uidx" ON "campaign_lines" USING btree ("campaign_id","day","platform");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_lines_generation_uidx" ON "campaign_lines" USING btree ("generation_id");--> statement-breakpoint
CREATE INDEX "campaigns_user_created_idx" ON "campaigns" USING btree ("user_id","created_at" DESC NULLS LAST);