-- What the billing server's webhooks say about a store-paid (SDK-bought) subscription besides its end: which product
-- (an annual plan is R990 a year, not R99 a month), whether the running period is a free trial, and whether it was
-- cancelled on the billing server's Manage page (a CANCELLATION not followed by an UNCANCELLATION). The admin's MRR
-- and the Subscription screen read them (server/src/billing/billing-event.ts). Null on rows from before: a monthly,
-- paid, renewing subscription, as they were counted until now.
ALTER TABLE "users" ADD COLUMN "store_product_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_period_type" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_cancelled_at" timestamp with time zone;
