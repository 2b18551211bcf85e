ALTER TABLE "billing_purchases" ADD COLUMN "grace_period_expires_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_purchases" ADD COLUMN "renewal_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_purchases" ADD COLUMN "renewal_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_purchases" ADD COLUMN "renewal_authentication" jsonb;