import type { FastifyReply } from "fastify";
import type { OutgoingHttpHeaders } from "node:http";

/** A server-sent events response, written by hand after Fastify hands over the socket. */
export interface EventStream {
  /** Sends one event whose data is `data` as JSON. Does nothing once the client has gone. */
  send(event: string, data: unknown): void;
  end(): void;
}

/**
 * Takes over the response and starts an event stream, keeping the headers already set on `reply` (the
 * security headers) and disabling proxy buffering so chunks arrive as they are written.
 *
 * @example
 * const stream = openEventStream(reply);
 * stream.send("chunk", { text: "Hello" });
 * stream.end();
 */
export function openEventStream(reply: FastifyReply): EventStream {
  reply.hijack();
  const raw = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (value !== undefined) headers[name] = value;
  raw.writeHead(200, {
    ...headers,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    "x-accel-buffering": "no",
  });
  raw.flushHeaders();
  return {
    send(event, data) {
      if (raw.writableEnded || raw.destroyed) return;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end() {
      if (!raw.writableEnded) raw.end();
    },
  };
}
