CREATE TABLE "chat_memories" (
	"chat_id" uuid PRIMARY KEY NOT NULL,
	"facts" jsonb NOT NULL,
	"topics" jsonb NOT NULL,
	"covered_seq" bigint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "card" jsonb;--> statement-breakpoint
ALTER TABLE "characters" ADD COLUMN "portrait_png" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "versions" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "version_index" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_memories" ADD CONSTRAINT "chat_memories_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "chats"("id") ON DELETE cascade ON UPDATE no action;