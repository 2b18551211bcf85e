// Streams that end the way a closed tab ends them: the client hangs up mid-reply.
import { request as httpRequest } from "node:http";
import { expect } from "vitest";
import type { Client } from "./test-app.js";

/**
 * Posts `body` (JSON, optional) with `Accept: text/event-stream` on a connection of its own (a reused keep-alive
 * connection would keep the server's close waiting), and hangs up once `hangUpWhen` holds for the text received
 * so far. Resolves with that text.
 *
 * @example
 * await hangUpStream(client, `/api/chats/${chatId}/messages`, (text) => text.includes("event: chunk"), { content: "Hi" });
 */
export function hangUpStream(
  client: Client,
  path: string,
  hangUpWhen: (text: string) => boolean,
  body?: unknown,
): Promise<string> {
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  const json = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<string>((resolve, reject) => {
    const req = httpRequest(`${client.server.url}${path}`, {
      method: "POST",
      agent: false,
      headers: {
        cookie,
        accept: "text/event-stream",
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
    });
    req.on("error", reject);
    req.on("response", (response) => {
      expect(response.statusCode).toBe(200);
      let text = "";
      const check = () => {
        if (!hangUpWhen(text)) return;
        response.destroy();
        req.destroy();
        resolve(text);
      };
      response.on("data", (part: Buffer) => {
        text += part.toString();
        check();
      });
      check();
    });
    req.end(json);
  });
}
