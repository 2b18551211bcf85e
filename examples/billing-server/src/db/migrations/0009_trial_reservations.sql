CREATE TABLE "billing_trial_reservations" (
	"project_id" text NOT NULL,
	"app_user_id" text NOT NULL,
	"trial_family" text NOT NULL,
	"holder_id" text NOT NULL,
	"status" text NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "billing_trial_reservations_project_id_app_user_id_trial_family_pk" PRIMARY KEY("project_id","app_user_id","trial_family")
);
