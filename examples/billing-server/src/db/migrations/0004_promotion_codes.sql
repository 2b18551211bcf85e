CREATE TABLE "billing_promotion_codes" (
	"project_id" text NOT NULL,
	"code" text NOT NULL,
	"definition" jsonb NOT NULL,
	"redemption_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_promotion_codes_project_id_code_pk" PRIMARY KEY("project_id","code")
);
--> statement-breakpoint
ALTER TABLE "billing_promotion_codes" ADD CONSTRAINT "billing_promotion_codes_project_id_billing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "billing_projects"("id") ON DELETE cascade ON UPDATE no action;