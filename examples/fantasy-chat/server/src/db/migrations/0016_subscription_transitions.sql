-- Every change of a user's subscription, as the subscription machine names it (server/src/subscription/), with the
-- stored status it left: the admin's churn counts the paid subscriptions that ended in a period. Empty for what
-- happened before.
CREATE TABLE "subscription_transitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"from_status" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_transitions" ADD CONSTRAINT "subscription_transitions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_transitions_name_at_idx" ON "subscription_transitions" USING btree ("name","at");
