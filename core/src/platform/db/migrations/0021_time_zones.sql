ALTER TABLE "users" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
-- Existing accounts: Kiswahili, or a Kenyan phone number on an M-Pesa payment, read Nairobi time (DESIGN.md §20).
UPDATE "users" SET "time_zone" = 'Africa/Nairobi'
WHERE "language" = 'sw'
   OR EXISTS (SELECT 1 FROM "payments" p WHERE p."user_id" = "users"."id" AND p."phone" LIKE '254%');
