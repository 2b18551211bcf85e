CREATE TABLE "billing_audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"project_id" text NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_promotional_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"app_user_id" text NOT NULL,
	"entitlement" text NOT NULL,
	"duration" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"granted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_secret_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"hash" text NOT NULL,
	"prefix" text NOT NULL,
	"name" text,
	"scopes" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"project_id" text NOT NULL,
	"app_user_id" text,
	"event_type" text NOT NULL,
	"url" text NOT NULL,
	"status" integer,
	"succeeded" boolean NOT NULL,
	"latency_ms" integer NOT NULL,
	"response_excerpt" text,
	"trigger" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_secret_keys" ADD CONSTRAINT "billing_secret_keys_project_id_billing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "billing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_audit_log_project_idx" ON "billing_audit_log" USING btree ("project_id","seq");--> statement-breakpoint
CREATE INDEX "billing_audit_log_target_idx" ON "billing_audit_log" USING btree ("project_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "billing_promotional_grants_customer_idx" ON "billing_promotional_grants" USING btree ("project_id","app_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_secret_keys_hash_idx" ON "billing_secret_keys" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "billing_secret_keys_project_idx" ON "billing_secret_keys" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "billing_webhook_deliveries_event_idx" ON "billing_webhook_deliveries" USING btree ("event_id","attempted_at");--> statement-breakpoint
CREATE INDEX "billing_webhook_deliveries_customer_idx" ON "billing_webhook_deliveries" USING btree ("project_id","app_user_id","attempted_at");