-- A statement that inserts messages moves each of their chats once, in one trigger (it was two, and each send's
-- statements updated the chat again for its activity time): the chat's `messages_revision` by one (see 0008), its
-- `last_message_at` to the newest inserted message's time, and a `realmheart_chat_changed` notification with the
-- chat's id at commit (see 0007), unless the statement set `realmheart.chat_notices` to 'app' (transaction-local):
-- the app then publishes those chats itself, several in one notification (a send's statements;
-- server/src/chats/chat-change-notices.ts). Updates and deletes keep 0007's and 0008's triggers.
CREATE FUNCTION "realmheart_messages_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "notified" integer;
  "quiet" boolean := current_setting('realmheart.chat_notices', true) = 'app';
BEGIN
  WITH "changed" AS (
    SELECT "chat_id", max("created_at") AS "at" FROM "inserted_messages" GROUP BY "chat_id"
  ), "moved" AS (
    UPDATE "chats" SET "messages_revision" = "chats"."messages_revision" + 1,
                       "last_message_at" = greatest("chats"."last_message_at", "changed"."at")
      FROM "changed" WHERE "chats"."id" = "changed"."chat_id"
    RETURNING "chats"."id"
  )
  SELECT count(CASE WHEN "quiet" THEN NULL ELSE pg_notify('realmheart_chat_changed', "id"::text) END)
    INTO "notified" FROM "moved";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "messages_revision_on_insert" ON "messages";--> statement-breakpoint
DROP TRIGGER "messages_notify_chat_changed" ON "messages";--> statement-breakpoint
CREATE TRIGGER "messages_notify_chat_changed" AFTER UPDATE OR DELETE ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "realmheart_notify_chat_changed"();--> statement-breakpoint
CREATE TRIGGER "messages_changed_on_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "inserted_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "realmheart_messages_inserted"();
