// A real HTTP server on 127.0.0.1 standing in for a host app's webhook endpoint: it records every request
// and can be told to fail or to never answer the next N of them.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: any;
  /** What the receiver answered: an HTTP status, or "hung" when it never answered. */
  answer: number | "hung";
}

export interface WebhookReceiver {
  url: string;
  requests: ReceivedWebhook[];
  /** The events received, one per request (retries included). */
  events(): { id: string; type: string; [field: string]: unknown }[];
  /** Answers the next `times` requests with `status` instead of 200. */
  failNext(times: number, status?: number): void;
  /** Leaves the next `times` requests unanswered. */
  hangNext(times: number): void;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const script: (number | "hung")[] = [];
  const requests: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = JSON.parse(rawBody);
      } catch {
        // recorded as null
      }
      const answer = script.shift() ?? 200;
      requests.push({ headers: request.headers, rawBody, body, answer });
      if (answer === "hung") return;
      response.writeHead(answer, { "content-type": "application/json" });
      response.end(answer < 300 ? '{"received":true}' : '{"error":"try later"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/billing`,
    requests,
    events: () => requests.map((r) => r.body?.event),
    failNext(times, status = 500) {
      for (let i = 0; i < times; i++) script.push(status);
    },
    hangNext(times) {
      for (let i = 0; i < times; i++) script.push("hung");
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
