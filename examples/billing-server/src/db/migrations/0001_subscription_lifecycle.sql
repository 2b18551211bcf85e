ALTER TABLE "billing_purchases" ADD COLUMN "lifecycle_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_purchases" ADD COLUMN "lifecycle_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "billing_purchases_lifecycle_due_idx" ON "billing_purchases" USING btree ("expires_date") WHERE "billing_purchases"."lifecycle_handled_at" is null;