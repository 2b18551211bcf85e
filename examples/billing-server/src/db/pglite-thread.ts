import type { Results } from "@electric-sql/pglite";
import { Worker } from "node:worker_threads";

/** What the worker opens a database with. */
export interface ThreadStart {
  dataDir?: string;
  loadDataDir?: Blob;
  startParams: string[];
}

/** A call to the worker about database `db`; each is answered once with the same `id`. */
export type ThreadRequest = { id: number; db: number } & (
  | { op: "open"; start: ThreadStart }
  | {
      op: "query";
      tx: number | null;
      sql: string;
      params: unknown[];
      rowMode: "array" | "object" | null;
      /** Types the caller parses itself (they come back as the database's text). */
      textTypes: number[];
    }
  | { op: "exec"; tx: number | null; sql: string }
  | { op: "prepared"; sql: string; params: unknown[] }
  | { op: "begin"; tx: number }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; subscription: number; channel: string }
  | { op: "unlisten"; subscription: number }
  | { op: "close" }
);

/** What the worker posts: a call's value or error, or a notification. */
export type ThreadReply =
  | { id: number; value: unknown }
  | { id: number; error: { name: string; message: string; fields: Record<string, unknown> } }
  | { notify: number; payload: string };

/** The options of PGlite's `query` that {@link PGliteThread.query} takes (the ones Drizzle passes). */
interface QueryOptions {
  rowMode?: "array" | "object";
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** The part of a PGlite transaction Drizzle uses. */
export interface ThreadTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Array<Results>>;
}

/** The worker's script beside this one: built JavaScript, or TypeScript under the test runner. */
const WORKER_URL = new URL(
  import.meta.url.endsWith(".ts") ? "./pglite-thread-worker.ts" : "./pglite-thread-worker.js",
  import.meta.url,
);

/** A worker running {@link WORKER_URL}; TypeScript through tsx's loader (a development dependency). */
function startWorker(): Worker {
  if (!WORKER_URL.pathname.endsWith(".ts")) return new Worker(WORKER_URL);
  const boot = `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_URL.href)}); });`;
  return new Worker(boot, { eval: true });
}

type Settle = { resolve(value: unknown): void; reject(error: Error): void };

/** An error from the worker as the caller would have seen it in-process: its message, name, `code` and the rest. */
function revived(error: { name: string; message: string; fields: Record<string, unknown> }): Error {
  return Object.assign(new Error(error.message), error.fields, { name: error.name });
}

/**
 * The one worker every {@link PGliteThread} of the process runs on (each PGlite on its own thread would load
 * PGlite's code and a JavaScript heap again: ~40 MiB measured), started with the first database and ended with
 * the last. Ids of calls, transactions and subscriptions are unique across its databases.
 */
class ThreadHost {
  private readonly pending = new Map<number, Settle>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private readonly worker = startWorker();
  private nextId = 1;
  private databases = 0;
  lost: Error | null = null;

  constructor(private readonly ended: () => void) {
    this.worker.on("message", (reply: ThreadReply) => this.receive(reply));
    const fail = (error: Error) => {
      this.lost ??= error;
      for (const settle of this.pending.values()) settle.reject(this.lost);
      this.pending.clear();
      this.ended();
    };
    this.worker.on("error", fail);
    this.worker.on("exit", (code) => fail(new Error(`PGlite is closed (its thread ended with ${code})`)));
    this.worker.unref();
  }

  newId(): number {
    return this.nextId++;
  }

  /** Opens a database on the worker; its id. */
  async open(start: ThreadStart): Promise<number> {
    const db = this.newId();
    this.databases += 1;
    try {
      await this.call({ op: "open", db, start });
    } catch (error) {
      await this.closed();
      throw error;
    }
    return db;
  }

  /** Notes that a database of this worker is closed (or never opened); ends the worker after the last. */
  async closed(): Promise<void> {
    this.databases -= 1;
    if (this.databases > 0) return;
    this.ended();
    await this.worker.terminate();
  }

  on(subscription: number, listener: ((payload: string) => void) | null): void {
    if (listener) this.listeners.set(subscription, listener);
    else this.listeners.delete(subscription);
  }

  call(request: DistributiveOmit<ThreadRequest, "id">): Promise<unknown> {
    if (this.lost) return Promise.reject(this.lost);
    const id = this.nextId++;
    // The worker keeps the process alive only while one of its answers is awaited (PGlite in-process never does).
    if (this.pending.size === 0) this.worker.ref();
    const answered = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ ...request, id });
    return answered;
  }

  private receive(reply: ThreadReply): void {
    if ("notify" in reply) {
      this.listeners.get(reply.notify)?.(reply.payload);
      return;
    }
    const settle = this.pending.get(reply.id);
    if (!settle) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if ("error" in reply) settle.reject(revived(reply.error));
    else settle.resolve(reply.value);
  }
}

let host: ThreadHost | null = null;

/**
 * PGlite on a worker thread, with the calls Drizzle's PGlite driver, the prepared-statement runner and the
 * database's notifications make: the WebAssembly database and its file-system calls stop competing with HTTP, JSON
 * and the app's own work for the event loop, and a second core can run them. Every PGlite database of the process
 * opened this way shares one worker. Calls are answered in the order PGlite runs them; its own locks still
 * serialise them (one connection per database), transactions included.
 *
 * @example
 * const client = await PGliteThread.open({ dataDir: "./data/app", startParams });
 * const { rows } = await client.query("select 1 as one");
 * await client.close();
 */
export class PGliteThread {
  private closing = false;

  private constructor(
    private readonly host: ThreadHost,
    private readonly db: number,
  ) {}

  /** Opens a database on the process's PGlite worker; rejects with PGlite's own error when it cannot. */
  static async open(start: ThreadStart): Promise<PGliteThread> {
    const current = host ?? new ThreadHost(() => host === current && (host = null));
    host = current;
    return new PGliteThread(current, await current.open(start));
  }

  /** True once the database is closed or its thread has ended. */
  get closed(): boolean {
    return this.closing || this.host.lost !== null;
  }

  /** As PGlite's `query`, with `rowMode` and `parsers` (applied here, to the types they name). */
  async query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.runQuery<T>(null, sql, params, options);
  }

  /** As PGlite's `exec`: several statements, no parameters. */
  async exec(sql: string): Promise<Array<Results>> {
    return (await this.call({ op: "exec", tx: null, sql })) as Array<Results>;
  }

  /** A statement run as a named prepared statement by prepared-rows' PGlite runner, on the worker. */
  async prepared(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
    return (await this.call({ op: "prepared", sql, params })) as Record<string, unknown>[];
  }

  /**
   * As PGlite's `transaction`: `callback`'s queries run in one transaction, committed when it resolves and
   * rolled back when it throws (the error is rethrown).
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.host.newId();
    await this.call({ op: "begin", tx });
    const handle: ThreadTransaction = {
      query: (sql, params = [], options = {}) => this.runQuery(tx, sql, params, options),
      exec: async (sql) => (await this.call({ op: "exec", tx, sql })) as Array<Results>,
    };
    let result: T;
    try {
      result = await callback(handle);
    } catch (error) {
      await this.call({ op: "end", tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.call({ op: "end", tx, commit: true });
    return result;
  }

  /** As PGlite's `listen`; the returned function unsubscribes. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const subscription = this.host.newId();
    this.host.on(subscription, callback);
    try {
      await this.call({ op: "listen", subscription, channel });
    } catch (error) {
      this.host.on(subscription, null);
      throw error;
    }
    let subscribed = true;
    return async () => {
      if (!subscribed || this.closed) return;
      subscribed = false;
      this.host.on(subscription, null);
      await this.call({ op: "unlisten", subscription });
    };
  }

  /** Closes the database (and the worker, after the process's last one). */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ op: "close" });
    } finally {
      this.closing = true;
      await this.host.closed();
    }
  }

  private async runQuery<T>(
    tx: number | null,
    sql: string,
    params: unknown[],
    options: QueryOptions,
  ): Promise<Results<T>> {
    const parsers = options.parsers ?? {};
    const textTypes = Object.keys(parsers).map(Number);
    const result = (await this.call({
      op: "query",
      tx,
      sql,
      params,
      rowMode: options.rowMode ?? null,
      textTypes,
    })) as Results<T>;
    if (textTypes.length > 0) parseFields(result, parsers);
    return result;
  }

  private call(request: DistributiveOmit<ThreadRequest, "id" | "db">): Promise<unknown> {
    if (this.closing) return Promise.reject(new Error("PGlite is closed"));
    return this.host.call({ ...request, db: this.db } as DistributiveOmit<ThreadRequest, "id">);
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** Applies the caller's parsers to the columns of their types, in array or object rows. */
function parseFields<T>(result: Results<T>, parsers: NonNullable<QueryOptions["parsers"]>): void {
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    for (const row of result.rows as Array<Record<string | number, unknown>>) {
      const key = Array.isArray(row) ? index : field.name;
      const value = row[key];
      if (typeof value === "string") row[key] = parse(value, field.dataTypeID);
    }
  });
}
