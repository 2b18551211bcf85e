// The floor under a send: bare Fastify with one POST route that stores a message and its reply in one INSERT
// statement (one round trip, one commit, two rows) and answers both, on PostgreSQL (`DATABASE_URL`, node-postgres
// pool of 10) or PGlite in this process (no `DATABASE_URL`). No session, no checks, no triggers: any app that
// stores a send and its reply durably does at least this, so its rate bounds what the app's send can reach.
// With FLOOR_STATEMENTS=2 it stores the message, then the reply in a second INSERT (two round trips, two commits):
// the floor of a send whose reply is made after its message is accepted and stored, as Realmheart's is.
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import pg from "pg";

const SCHEMA = `create table if not exists floor_messages (
  id uuid primary key, chat_id uuid not null, role text not null, content text not null,
  created_at timestamptz not null default now())`;
const INSERT = `insert into floor_messages (id, chat_id, role, content)
  values ($1, $2, 'user', $3), ($4, $2, 'assistant', $5) returning id, created_at`;
const INSERT_ONE = `insert into floor_messages (id, chat_id, role, content) values ($1, $2, $3, $4)
  returning id, created_at`;
const TWO_STATEMENTS = process.env.FLOOR_STATEMENTS === "2";

const database = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  : await PGlite.create(process.env.DATA_DIR);
await database.query(SCHEMA);

const app = Fastify({ logger: false });
app.post("/send", async (request) => {
  const { chatId, content } = request.body;
  if (TWO_STATEMENTS) {
    const message = await database.query(INSERT_ONE, [randomUUID(), chatId, "user", content]);
    const reply = await database.query(INSERT_ONE, [
      randomUUID(),
      chatId,
      "assistant",
      `You said: ${content}`,
    ]);
    return { message: message.rows[0], reply: reply.rows[0] };
  }
  const { rows } = await database.query(INSERT, [
    randomUUID(),
    chatId,
    content,
    randomUUID(),
    `You said: ${content}`,
  ]);
  return { message: rows[0], reply: rows[1] };
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: process.env.HOST ?? "127.0.0.1" });
process.once("SIGTERM", () => void app.close().then(() => process.exit(0)));
