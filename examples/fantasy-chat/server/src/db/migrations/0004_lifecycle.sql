ALTER TABLE "payments" DROP CONSTRAINT "payments_user_renewal_unique";--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "last4" text;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "exp_month" integer;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "exp_year" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "billing_issue_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_user_renewal_live_unique" ON "payments" USING btree ("user_id","renewal_for") WHERE "payments"."status" in ('pending', 'success');