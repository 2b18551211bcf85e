CREATE TABLE "billing_sign_in_mails" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"app_user_id" text NOT NULL,
	"requester" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "billing_sign_in_mails_customer_idx" ON "billing_sign_in_mails" USING btree ("project_id","app_user_id","sent_at");--> statement-breakpoint
CREATE INDEX "billing_sign_in_mails_requester_idx" ON "billing_sign_in_mails" USING btree ("requester","sent_at");--> statement-breakpoint
CREATE INDEX "billing_sign_in_mails_sent_idx" ON "billing_sign_in_mails" USING btree ("sent_at");