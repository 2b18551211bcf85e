CREATE TABLE "billing_analytics_events" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"event_name" text NOT NULL,
	"app_user_id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_api_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"app_user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"option_id" text NOT NULL,
	"price_id" text NOT NULL,
	"email" text,
	"status" text NOT NULL,
	"is_sandbox" boolean NOT NULL,
	"presented_offering_identifier" text,
	"presented_placement_identifier" text,
	"applied_targeting_rule" jsonb,
	"metadata" jsonb,
	"trace_id" text,
	"amount_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"tax" jsonb,
	"gateway" jsonb,
	"store_transaction_id" text,
	"purchase_date" timestamp with time zone,
	"error_code" integer,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_customer_attributes" (
	"project_id" text NOT NULL,
	"app_user_id" text NOT NULL,
	"name" text NOT NULL,
	"value" text,
	"updated_at_ms" bigint NOT NULL,
	CONSTRAINT "billing_customer_attributes_project_id_app_user_id_name_pk" PRIMARY KEY("project_id","app_user_id","name")
);
--> statement-breakpoint
CREATE TABLE "billing_customers" (
	"project_id" text NOT NULL,
	"app_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_customers_project_id_app_user_id_pk" PRIMARY KEY("project_id","app_user_id")
);
--> statement-breakpoint
CREATE TABLE "billing_offerings" (
	"project_id" text NOT NULL,
	"identifier" text NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb,
	"packages" jsonb NOT NULL,
	"paywall_components" jsonb,
	"position" integer NOT NULL,
	CONSTRAINT "billing_offerings_project_id_identifier_pk" PRIMARY KEY("project_id","identifier")
);
--> statement-breakpoint
CREATE TABLE "billing_products" (
	"project_id" text NOT NULL,
	"identifier" text NOT NULL,
	"product_type" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"default_purchase_option_id" text,
	"purchase_options" jsonb NOT NULL,
	"entitlements" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "billing_products_project_id_identifier_pk" PRIMARY KEY("project_id","identifier")
);
--> statement-breakpoint
CREATE TABLE "billing_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"branding" jsonb NOT NULL,
	"allowed_origins" jsonb,
	"current_offering_id" text,
	"placements" jsonb,
	"targeting" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_purchases" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"app_user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"option_id" text NOT NULL,
	"store" text NOT NULL,
	"is_sandbox" boolean NOT NULL,
	"store_transaction_id" text NOT NULL,
	"period_type" text NOT NULL,
	"purchase_date" timestamp with time zone NOT NULL,
	"original_purchase_date" timestamp with time zone NOT NULL,
	"expires_date" timestamp with time zone,
	"unsubscribe_detected_at" timestamp with time zone,
	"billing_issues_detected_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"price_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"presented_offering_identifier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_outbox" (
	"event_id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_api_keys" ADD CONSTRAINT "billing_api_keys_project_id_billing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "billing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_project_id_billing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "billing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_offerings" ADD CONSTRAINT "billing_offerings_project_id_billing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "billing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_products" ADD CONSTRAINT "billing_products_project_id_billing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "billing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_api_keys_project_idx" ON "billing_api_keys" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "billing_checkout_sessions_project_idx" ON "billing_checkout_sessions" USING btree ("project_id","app_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_purchases_transaction_idx" ON "billing_purchases" USING btree ("project_id","store_transaction_id");--> statement-breakpoint
CREATE INDEX "billing_purchases_customer_idx" ON "billing_purchases" USING btree ("project_id","app_user_id");--> statement-breakpoint
CREATE INDEX "billing_purchases_expiry_idx" ON "billing_purchases" USING btree ("expires_date");--> statement-breakpoint
CREATE INDEX "billing_webhook_outbox_due_idx" ON "billing_webhook_outbox" USING btree ("delivered_at","next_attempt_at");