CREATE TABLE "billing_virtual_currencies" (
	"project_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"position" integer NOT NULL,
	CONSTRAINT "billing_virtual_currencies_project_id_code_pk" PRIMARY KEY("project_id","code")
);
--> statement-breakpoint
CREATE TABLE "billing_virtual_currency_balances" (
	"project_id" text NOT NULL,
	"app_user_id" text NOT NULL,
	"code" text NOT NULL,
	"balance" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_virtual_currency_balances_project_id_app_user_id_code_pk" PRIMARY KEY("project_id","app_user_id","code")
);
--> statement-breakpoint
CREATE TABLE "billing_virtual_currency_grants" (
	"project_id" text NOT NULL,
	"store_transaction_id" text NOT NULL,
	"code" text NOT NULL,
	"app_user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_virtual_currency_grants_project_id_store_transaction_id_code_pk" PRIMARY KEY("project_id","store_transaction_id","code")
);
--> statement-breakpoint
ALTER TABLE "billing_products" ADD COLUMN "virtual_currency_grants" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_virtual_currencies" ADD CONSTRAINT "billing_virtual_currencies_project_id_billing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "billing_projects"("id") ON DELETE cascade ON UPDATE no action;