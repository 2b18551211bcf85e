// The thread every PGlite database of a process runs on when opened with `pgliteThread` (see pglite-thread.ts,
// which starts it and speaks the protocol below): every call names its database and arrives as a message with an
// id, answered once with its value or its error; a channel's notifications are posted as they come.
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { parentPort } from "node:worker_threads";
import { pgliteRunner } from "./prepared-rows.js";
import type { ThreadReply, ThreadRequest } from "./pglite-thread.js";

const port = parentPort;
if (!port) throw new Error("pglite-thread-worker runs as a worker thread only");

/** An open database: PGlite, and the prepared-statement runner bound to it. */
interface OpenDatabase {
  db: PGlite;
  runPrepared: ReturnType<typeof pgliteRunner>;
}

const databases = new Map<number, OpenDatabase>();

/** The database a call names; a closed or unknown one fails as PGlite's own closed database does. */
function databaseOf(id: number): OpenDatabase {
  const open = databases.get(id);
  if (!open) throw new Error("PGlite is closed");
  return open;
}

/** An open transaction: its handle, and what ends it (the call that asked, and commit or roll back). */
interface OpenTransaction {
  tx: Transaction;
  end(endId: number, commit: boolean): void;
}

/** Thrown inside an ending transaction to roll it back; never leaves this thread. */
class RollbackRequested extends Error {}

const transactions = new Map<number, OpenTransaction>();
const subscriptions = new Map<number, () => Promise<void>>();
const identity = (value: string) => value;

/** Posts a call's answer; an error as its message, name and own fields (`code`, `detail`, …), which a clone would drop. */
function answer(id: number, outcome: { value: unknown } | { error: unknown }): void {
  let reply: ThreadReply;
  if ("value" in outcome) reply = { id, value: outcome.value };
  else {
    const error = outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
    const fields: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(error)) {
      if (value === null || ["string", "number", "boolean"].includes(typeof value)) fields[key] = value;
    }
    reply = { id, error: { name: error.name, message: error.message, fields } };
  }
  port!.postMessage(reply);
}

/**
 * Opens a transaction (answering `id` once it has begun) and holds it until an `end` call commits or rolls it
 * back; that call is answered when the transaction has ended, with the commit's error if it failed.
 */
function begin(db: PGlite, id: number, txId: number): void {
  let endId: number | null = null;
  db.transaction(
    (tx) =>
      new Promise<void>((commit, rollback) => {
        transactions.set(txId, {
          tx,
          end(asker, shouldCommit) {
            endId = asker;
            if (shouldCommit) commit();
            else rollback(new RollbackRequested());
          },
        });
        answer(id, { value: null });
      }),
  ).then(
    () => answer(endId!, { value: null }),
    (error: unknown) => {
      transactions.delete(txId);
      if (endId === null) answer(id, { error });
      else answer(endId, error instanceof RollbackRequested ? { value: null } : { error });
    },
  );
}

/** Ends the transaction `txId`; its answer comes from {@link begin} once the transaction has ended. */
function end(id: number, txId: number, commit: boolean): void {
  const open = transactions.get(txId);
  if (!open) return answer(id, { error: new Error(`transaction ${txId} is not open`) });
  transactions.delete(txId);
  open.end(id, commit);
}

/** Opens the database a call names, with its start options; PGlite's own error when it cannot. */
async function open(request: Extract<ThreadRequest, { op: "open" }>): Promise<null> {
  const { start } = request;
  const db = new PGlite(start.dataDir, {
    startParams: start.startParams,
    ...(start.loadDataDir ? { loadDataDir: start.loadDataDir } : {}),
  });
  try {
    await db.waitReady;
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  databases.set(request.db, { db, runPrepared: pgliteRunner(db) });
  return null;
}

/** Where a query runs: the open transaction it names, or the database itself. */
function targetOf(db: PGlite, tx: number | null): PGlite | Transaction {
  if (!tx) return db;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

async function handle(request: Exclude<ThreadRequest, { op: "begin" | "end" | "open" }>) {
  const { db, runPrepared } = databaseOf(request.db);
  switch (request.op) {
    case "query": {
      const target = targetOf(db, request.tx);
      // The caller applies its own parsers; their types come back as the database's text.
      const parsers = Object.fromEntries(request.textTypes.map((type) => [type, identity]));
      const result = await target.query(request.sql, request.params, {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        parsers,
      });
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case "exec": {
      return (await targetOf(db, request.tx).exec(request.sql)).map(({ rows, fields, affectedRows }) => ({
        rows,
        fields,
        affectedRows,
      }));
    }
    case "prepared":
      return runPrepared(request.sql, request.params);
    case "listen": {
      const unsubscribe = await db.listen(request.channel, (payload) =>
        port!.postMessage({ notify: request.subscription, payload } satisfies ThreadReply),
      );
      subscriptions.set(request.subscription, unsubscribe);
      return null;
    }
    case "unlisten": {
      const unsubscribe = subscriptions.get(request.subscription);
      subscriptions.delete(request.subscription);
      await unsubscribe?.();
      return null;
    }
    case "close":
      databases.delete(request.db);
      await db.close();
      return null;
  }
}

port.on("message", (request: ThreadRequest) => {
  const settle = (work: Promise<unknown>) =>
    work.then(
      (value) => answer(request.id, { value }),
      (error: unknown) => answer(request.id, { error }),
    );
  if (request.op === "open") void settle(open(request));
  else if (request.op === "end") end(request.id, request.tx, request.commit);
  else if (request.op === "begin") {
    try {
      begin(databaseOf(request.db).db, request.id, request.tx);
    } catch (error) {
      answer(request.id, { error });
    }
  } else void settle(Promise.resolve().then(() => handle(request)));
});
