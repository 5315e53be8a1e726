CREATE TABLE "approval_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"approval_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"decision" text NOT NULL,
	"reviewer_name" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_line_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"platform" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"approval_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"text" text NOT NULL,
	"platform" text,
	"category" text,
	"tone" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"title" text NOT NULL,
	"note" text,
	"pin_hash" text,
	"pin_failures" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"language" text DEFAULT 'en' NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_decision_at" timestamp with time zone,
	"summary_pending" boolean DEFAULT false NOT NULL,
	"summary_round" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_lines" ADD COLUMN "approved_by_name" text;--> statement-breakpoint
ALTER TABLE "saved_lines" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "team_lines" ADD COLUMN "approved_by_name" text;--> statement-breakpoint
ALTER TABLE "team_lines" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_approval_id_approval_links_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_decisions" ADD CONSTRAINT "approval_decisions_line_id_approval_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."approval_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_line_versions" ADD CONSTRAINT "approval_line_versions_line_id_approval_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."approval_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_lines" ADD CONSTRAINT "approval_lines_approval_id_approval_links_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approval_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_links" ADD CONSTRAINT "approval_links_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_decisions_approval_created_idx" ON "approval_decisions" USING btree ("approval_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_line_versions_line_version_uidx" ON "approval_line_versions" USING btree ("line_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_lines_approval_position_uidx" ON "approval_lines" USING btree ("approval_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_links_token_hash_uidx" ON "approval_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "approval_links_user_created_idx" ON "approval_links" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "approval_links_team_created_idx" ON "approval_links" USING btree ("team_id","created_at" DESC NULLS LAST) WHERE "approval_links"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "approval_links_summary_pending_idx" ON "approval_links" USING btree ("last_decision_at") WHERE "approval_links"."summary_pending";