// A stand-in for an OpenAI-compatible model server (Ollama, llama.cpp server, vLLM) on 127.0.0.1: no model can be
// run here. It speaks the real wire format: `POST /v1/chat/completions` with `stream: true` answers
// `text/event-stream` with `data: {chat.completion.chunk}` events and `data: [DONE]`, and `POST /v1/moderations`
// answers `{ results: [{ flagged, categories }] }`. Tests script each answer and see what the app sent and when it
// hung up.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How the fake answers one completion request. */
export interface FakeAnswer {
  /** An HTTP error instead of a stream. */
  status?: number;
  /** The content deltas to stream, in order. */
  chunks?: string[];
  /** Pause before each chunk. */
  delayMs?: number;
  /** After the chunks: end with `[DONE]` (default), or keep the connection open without a word more. */
  end?: "done" | "hang" | "hang-after-done";
  /** Never answer at all (not even headers). */
  silent?: boolean;
}

/** A completion request the app made. */
export interface FakeLlmRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: any;
}

/** Resolves once `condition` holds (checked every 10 ms), or fails after `timeoutMs`. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export class FakeLlm {
  readonly requests: FakeLlmRequest[] = [];
  /** Completion responses whose connection the client closed before the response ended. */
  closedEarly = 0;
  /** Answers to give, in order; when none is queued, `fallback` is used. */
  readonly answers: FakeAnswer[] = [];
  fallback: FakeAnswer = { chunks: ["Well met, ", "traveller."] };
  /** Moderation: inputs containing a key are flagged with its categories. */
  readonly moderationFlags = new Map<string, string[]>();
  /** Moderation answers with this status and no result while set (an outage). */
  moderationOutage: number | null = null;
  /** The API base the app is configured with (includes `/v1`). */
  baseUrl = "";
  /** TCP connections the app opened to this server. */
  connections = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeLlm> {
    const holder: { fake?: FakeLlm } = {};
    const server = createServer((request, response) => {
      void holder.fake?.handle(request, response);
    });
    const fake = new FakeLlm(server);
    holder.fake = fake;
    server.on("connection", () => {
      fake.connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    return fake;
  }

  /** Completion requests only. */
  get completions(): FakeLlmRequest[] {
    return this.requests.filter((r) => r.path === "/v1/chat/completions");
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = "";
    for await (const part of request) raw += String(part);
    const body = raw ? JSON.parse(raw) : null;
    const path = request.url ?? "/";
    this.requests.push({ path, headers: request.headers, body });
    if (request.method === "POST" && path === "/v1/moderations") return this.moderate(body, response);
    if (request.method !== "POST" || path !== "/v1/chat/completions") {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const answer = this.answers.shift() ?? this.fallback;
    response.on("close", () => {
      if (!response.writableEnded) this.closedEarly += 1;
    });
    if (answer.silent) return;
    if (answer.status) {
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "model crashed", type: "server_error" } }));
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const model = body?.model ?? "fake";
    const event = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({
        id: "chatcmpl-fake",
        object: "chat.completion.chunk",
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    response.write(event({ role: "assistant", content: "" }, null));
    for (const chunk of answer.chunks ?? []) {
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      if (response.destroyed) return;
      response.write(event({ content: chunk }, null));
    }
    if (answer.end === "hang") return;
    response.write(event({}, "stop"));
    response.write("data: [DONE]\n\n");
    if (answer.end !== "hang-after-done") response.end();
  }

  private moderate(body: any, response: ServerResponse): void {
    if (this.moderationOutage !== null) {
      response.writeHead(this.moderationOutage, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { message: "moderation is down" } }));
      return;
    }
    const input = String(body?.input ?? "");
    const flagged = [...this.moderationFlags].filter(([key]) => input.includes(key)).flatMap(([, c]) => c);
    const categories = Object.fromEntries(flagged.map((name) => [name, true]));
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify({ id: "modr-fake", results: [{ flagged: flagged.length > 0, categories }] }));
  }
}
