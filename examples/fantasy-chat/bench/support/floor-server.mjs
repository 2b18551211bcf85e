// The floor under a send: bare Fastify with one POST route that stores a message and its reply in one INSERT
// statement (one round trip, one commit, two rows) and answers both, on PostgreSQL (`DATABASE_URL`, node-postgres
// pool of 10) or PGlite in this process (no `DATABASE_URL`). No session, no checks, no triggers: any app that
// stores a send and its reply durably does at least this, so its rate bounds what the app's send can reach.
import { randomUUID } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import Fastify from "fastify";
import pg from "pg";

const SCHEMA = `create table if not exists floor_messages (
  id uuid primary key, chat_id uuid not null, role text not null, content text not null,
  created_at timestamptz not null default now())`;
const INSERT = `insert into floor_messages (id, chat_id, role, content)
  values ($1, $2, 'user', $3), ($4, $2, 'assistant', $5) returning id, created_at`;

const database = process.env.DATABASE_URL
  ? new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 })
  : await PGlite.create(process.env.DATA_DIR);
await database.query(SCHEMA);

const app = Fastify({ logger: false });
app.post("/send", async (request) => {
  const { chatId, content } = request.body;
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
