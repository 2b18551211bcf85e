// Measures how soon a persona reply's first chunk is ready, inside the server process: from the moment the HTTP
// request reaches the server to the engine's first chunk (every check, the database writes and the engine), and
// the engine alone (from its call to its first chunk). Shared by the bench script and the latency test.

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Wraps the persona engine so each reply records when it was asked for and when its first chunk came; `attach`
 * notes when each HTTP request reaches the server (requests are sent one at a time, so the latest is the one).
 */
export function firstChunkProbe(createPersonaEngine) {
  const persona = createPersonaEngine({ seed: 1 });
  const samples = { serverMs: [], engineMs: [] };
  let requestAt = 0;
  return {
    samples,
    attach(httpServer) {
      httpServer.prependListener("request", (request) => {
        if (request.method === "POST" && request.url?.endsWith("/messages")) requestAt = performance.now();
      });
    },
    engine: {
      async *reply(request, signal) {
        const calledAt = performance.now();
        let first = true;
        for await (const chunk of persona.reply(request, signal)) {
          if (first) {
            const now = performance.now();
            samples.serverMs.push(now - requestAt);
            samples.engineMs.push(now - calledAt);
            first = false;
          }
          yield chunk;
        }
      },
    },
  };
}

async function call(url, cookie, method, path, body, accept = "application/json") {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      accept,
      ...(cookie ? { cookie } : {}),
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response;
}

/**
 * Signs a premium user in with a full profile and sends `runs` messages in one chat as event streams, one after
 * the other, each read to its end. Returns the probe's samples plus the client's view (request to first chunk
 * event received over loopback).
 */
export async function runFirstChunkBench({ url, probe, markPremium, runs = 50 }) {
  const email = `bench.${Date.now()}.${Math.random().toString(16).slice(2)}@realmheart.test`;
  const registered = await call(url, null, "POST", "/api/auth/register", {
    email,
    password: "dragonfire-42",
    firstName: "Lyra",
    lastName: "Bench",
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
  const user = await registered.json();
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  await call(url, cookie, "POST", "/api/auth/verify-age");
  await call(url, cookie, "PUT", "/api/profile", {
    preferredName: "Lyra",
    favoriteArchetype: "dragon_rider",
    backstory:
      "I was raised by the river witches of Emberfall, and I left them to find my own kind of magic.",
    personalityTraits: ["brave", "curious"],
  });
  await markPremium(user.id);
  const chat = await (
    await call(url, cookie, "POST", "/api/chats", { characterId: "aeron-stormwing", title: null })
  ).json();

  const clientMs = [];
  for (let i = 0; i < runs; i++) {
    const sentAt = performance.now();
    const response = await call(
      url,
      cookie,
      "POST",
      `/api/chats/${chat.id}/messages`,
      { content: i % 5 === 1 ? `My friend is called Bram${i}.` : `Tell me about the sky, turn ${i}` },
      "text/event-stream",
    );
    if (response.status !== 200) throw new Error(`send failed: ${response.status} ${await response.text()}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let first = true;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (first && text.includes("event: chunk")) {
        clientMs.push(performance.now() - sentAt);
        first = false;
      }
    }
    if (!text.includes("event: done")) throw new Error(`reply did not finish: ${text.slice(0, 200)}`);
  }
  return { serverMs: [...probe.samples.serverMs], engineMs: [...probe.samples.engineMs], clientMs };
}
