-- Every change to a chat's messages, whatever wrote it (a send, an edit, a cascade from a deleted chat or account,
-- another instance), notifies `realmheart_chat_changed` with the chat's id when it commits: each instance's cache
-- of chats' latest pages forgets that chat (server/src/chats/chat-page-cache.ts).
CREATE FUNCTION "realmheart_notify_chat_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('realmheart_chat_changed', COALESCE(NEW."chat_id", OLD."chat_id")::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "messages_notify_chat_changed" AFTER INSERT OR UPDATE OR DELETE ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "realmheart_notify_chat_changed"();
