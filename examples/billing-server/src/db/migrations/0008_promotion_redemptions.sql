CREATE TABLE "billing_promotion_redemptions" (
	"project_id" text NOT NULL,
	"code" text NOT NULL,
	"holder_id" text NOT NULL,
	"status" text NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_promotion_redemptions_project_id_code_holder_id_pk" PRIMARY KEY("project_id","code","holder_id")
);
--> statement-breakpoint
ALTER TABLE "billing_promotion_redemptions" ADD CONSTRAINT "billing_promotion_redemptions_project_id_code_billing_promotion_codes_project_id_code_fk" FOREIGN KEY ("project_id","code") REFERENCES "billing_promotion_codes"("project_id","code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_promotion_redemptions_holder_idx" ON "billing_promotion_redemptions" USING btree ("project_id","holder_id");