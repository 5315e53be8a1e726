ALTER TABLE "payments" ADD COLUMN "account_number" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "mpesa_receipt" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_account_number_uidx" ON "payments" USING btree ("account_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_mpesa_receipt_uidx" ON "payments" USING btree ("mpesa_receipt");