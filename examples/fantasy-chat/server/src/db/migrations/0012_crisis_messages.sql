-- A message that told of a crisis (risk to the writer's own life or body), and the crisis reply to it, are marked:
-- shown in the chat, but never folded into memory, read for facts, used as a title or put in a prompt
-- (server/src/safety). A constant default: no table rewrite.
ALTER TABLE "messages" ADD COLUMN "crisis" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The one-off sweeps of existing data (the crisis sweep marks messages stored before the assessment and removes the
-- facts, topics and titles taken from them), each with the version of the rules it applied.
CREATE TABLE "data_sweeps" (
	"name" text PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"swept_at" timestamp with time zone NOT NULL
);
