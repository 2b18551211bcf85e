ALTER TABLE "billing_products" ADD COLUMN "subscription_group" text;--> statement-breakpoint
ALTER TABLE "billing_products" ADD COLUMN "trial_eligibility" text DEFAULT 'once_per_customer' NOT NULL;