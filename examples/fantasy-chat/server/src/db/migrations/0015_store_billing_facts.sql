-- More of what the billing server's webhooks say about a store-paid subscription (server/src/billing/billing-event.ts):
-- when its renewal was last turned off or on (a CANCELLATION delivered late, after the UNCANCELLATION that undid it,
-- changes nothing), a billing issue in its grace period (counted as past due, shown on the Subscription screen), and
-- its free trial (when it ends, and when a paid period followed it: the admin's trial-to-paid conversion). Null on rows
-- from before.
ALTER TABLE "users" ADD COLUMN "store_renewal_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_billing_issue_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_trial_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "store_trial_converted_at" timestamp with time zone;
