ALTER TABLE "chats" ADD COLUMN "messages_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every statement that inserts, updates or deletes messages moves their chats' `messages_revision` by one, whatever
-- ran it (a send, an edit, a regeneration, another instance). A reply context kept in memory
-- (server/src/chats/chat-context-cache.ts) is used only while the chat's revision is the one it expects.
CREATE FUNCTION "realmheart_bump_messages_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "chats" SET "messages_revision" = "messages_revision" + 1
   WHERE "id" IN (SELECT DISTINCT "chat_id" FROM "changed_messages");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_revision_on_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "changed_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "realmheart_bump_messages_revision"();--> statement-breakpoint
CREATE TRIGGER "messages_revision_on_update" AFTER UPDATE ON "messages"
  REFERENCING NEW TABLE AS "changed_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "realmheart_bump_messages_revision"();--> statement-breakpoint
CREATE TRIGGER "messages_revision_on_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS "changed_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "realmheart_bump_messages_revision"();
