-- A statement that sets `realmheart.chat_notices` to 'app' (transaction-local) inserts messages without the
-- trigger's notification: the app publishes those chats itself, several in one notification (a send's statements;
-- server/src/chats/chat-change-notices.ts). Every other insert notifies as 0009 made it.
CREATE OR REPLACE FUNCTION "realmheart_messages_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
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
$$;
