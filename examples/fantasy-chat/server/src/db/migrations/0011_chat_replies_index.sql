-- A chat's latest character replies (the ones a new reply must not repeat, read by a send whose chat's context
-- this instance did not keep) read from an index of their own in order: the reads no longer pass over every
-- message of the chat, which grew with its length (measured: ~250 rows per read at ~500 messages).
CREATE INDEX "messages_chat_replies_idx" ON "messages" USING btree ("chat_id","seq") WHERE "messages"."role" = 'character';