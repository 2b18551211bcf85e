-- One-time links that make the first admin (issue #43): printed at start while no admin exists, only their HMAC kept.
CREATE TABLE "admin_setup_tokens" (
	"digest" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
