// A local stand-in for an OpenAI-compatible model server: `POST /v1/chat/completions` with `stream: true` answers
// server-sent `chat.completion.chunk` events, one token every `tokenDelayMs` (the first one too), then `[DONE]`.
// It records its own timings per request, so that the app's overhead can be told apart from the model's time.
import { createServer } from "node:http";

const TOKENS =
  "Ah , traveller , the northern forest remembers every song we sang beneath its silver boughs .".split(" ");

export async function startFakeModel({ tokenDelayMs = 20, tokens = 24 } = {}) {
  /** Per request: ms from arrival to the first token written, and to the end of the stream. */
  const timings = [];
  const server = createServer((request, response) => {
    const arrived = performance.now();
    request.resume();
    request.on("end", () => {
      if (request.method !== "POST" || !request.url?.endsWith("/chat/completions")) {
        response
          .writeHead(404, { "content-type": "application/json" })
          .end('{"error":{"message":"not found"}}');
        return;
      }
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      const id = `chatcmpl-bench-${timings.length}`;
      const created = Math.floor(Date.now() / 1000);
      const chunk = (delta, finish = null) =>
        `data: ${JSON.stringify({
          id,
          object: "chat.completion.chunk",
          created,
          model: "bench-model",
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      const timing = { firstToken: NaN, total: NaN };
      timings.push(timing);
      let sent = 0;
      const tick = () => {
        if (sent === tokens) {
          response.write(chunk({}, "stop"));
          response.end("data: [DONE]\n\n");
          timing.total = performance.now() - arrived;
          return;
        }
        const text = (sent === 0 ? "" : " ") + TOKENS[sent % TOKENS.length];
        response.write(chunk(sent === 0 ? { role: "assistant", content: text } : { content: text }));
        if (sent === 0) timing.firstToken = performance.now() - arrived;
        sent++;
        setTimeout(tick, tokenDelayMs);
      };
      setTimeout(tick, tokenDelayMs);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}/v1`,
    timings,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
